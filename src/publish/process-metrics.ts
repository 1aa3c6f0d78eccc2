// Node's default metrics under their standard names (`process_*`, `nodejs_*`), less the `_total` gauges promtool rejects.
import { collectDefaultMetrics, type Registry } from 'prom-client'

export function registerProcessMetrics (registry: Registry): void {
  collectDefaultMetrics({ register: registry })
  // prom-client's sums of nodejs_active_{handles,requests,resources} are gauges named `_total`, which promtool
  // rejects; the same counts by type stay.
  for (const kind of ['handles', 'requests', 'resources']) registry.removeSingleMetric(`nodejs_active_${kind}_total`)
}
