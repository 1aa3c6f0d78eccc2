// Node's default metrics under their standard names (`process_*`, `nodejs_*`); the `_total` sums as untyped, which
// promtool accepts and Grafana dashboard 11159's "Active handles/requests" panel reads.
import { collectDefaultMetrics, type Gauge, type Registry } from 'prom-client'

export function registerProcessMetrics (registry: Registry): void {
  collectDefaultMetrics({ register: registry })
  // prom-client's sums of nodejs_active_{handles,requests,resources} are gauges named `_total`, which promtool rejects
  // ("non-counter metrics should not have _total suffix"); it accepts them untyped, and dashboards read them by name.
  for (const kind of ['handles', 'requests', 'resources']) {
    const name = `nodejs_active_${kind}_total`
    const gauge = registry.getSingleMetric(name) as Gauge | undefined
    if (gauge === undefined) continue
    registry.removeSingleMetric(name)
    registry.registerMetric(untyped(name, gauge))
  }
}

/** The gauge's samples, exposed with `# TYPE … untyped`: a sum that is neither a counter nor may be called a gauge. */
function untyped (name: string, gauge: Gauge): Gauge {
  const metric = {
    name,
    get: async () => ({ ...(await gauge.get()), type: 'untyped' }),
    reset: () => gauge.reset()
  }
  return metric as unknown as Gauge
}
