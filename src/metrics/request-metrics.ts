// HTTP requests answered on the public port, counted and timed by route pattern (never the raw URL) and status code.
import { Counter, Histogram, type Registry } from 'prom-client'
import { metricName as name } from './metric-name.ts'

/** The route label of a request no route pattern answered (unknown paths, wrong methods, every 404). */
export const UNMATCHED_ROUTE = '(unmatched)'

const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/** Counts one answered request under its route pattern and status code, with its duration. */
export type RequestObserver = (route: string | undefined, statusCode: number, seconds: number) => void

/** `http_requests_total` and `http_request_duration_seconds`; returns what counts a request. */
export function registerRequestMetrics (registry: Registry): RequestObserver {
  const registers = [registry]
  const requests = new Counter({
    name: name('http_requests_total'),
    help: 'HTTP requests answered on the public port, by route pattern and status code.',
    labelNames: ['route', 'status_code'] as const,
    registers
  })
  const durations = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'Time to answer HTTP requests on the public port, by route pattern and status code.',
    labelNames: ['route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers
  })
  return (route, statusCode, seconds) => {
    const labels = { route: route === undefined || statusCode === 404 ? UNMATCHED_ROUTE : route, status_code: String(statusCode) }
    requests.inc(labels)
    durations.observe(labels, seconds)
  }
}
