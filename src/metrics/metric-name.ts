// The prefix of every series of our own, and the full name of one.
export const METRICS_PREFIX = 'status_api_'

export function metricName (suffix: string): string {
  return `${METRICS_PREFIX}${suffix}`
}
