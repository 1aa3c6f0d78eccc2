// The heartbeat reporter over HTTP: a bot process sends its shards' reports to the operator API (POST /v1/heartbeats)
// with a `heartbeat` token. Node's fetch only; a failed send is kept and retried with the next beat, never thrown.
import { heartbeatsProblem, type HeartbeatReport, type HeartbeatReporter } from './heartbeat-report.ts'

export interface HttpReporterOptions {
  /** The operator API's base URL (the service's OPERATOR_PORT, usually behind a proxy), e.g. https://status-ops.example.com. */
  url: string | URL
  /** A token with the `heartbeat` scope (OPERATOR_TOKENS). */
  token: string
  /** Each send's time limit; 10 s by default. */
  timeoutMs?: number
  /** Hears why a send failed (the reports are kept for the next beat); by default a warning on stderr, at most once a minute. */
  onError?: (message: string) => void
}

/** What the operator API takes in one request. */
const BATCH = 1000

export function openHttpReporter (options: HttpReporterOptions): HeartbeatReporter {
  const base = new URL(options.url)
  const endpoint = new URL('v1/heartbeats', base.href.endsWith('/') ? base : `${base.href}/`)
  const timeoutMs = options.timeoutMs ?? 10_000
  const onError = options.onError ?? throttledWarning()
  /** The latest report of each shard not delivered yet. */
  const pending = new Map<number, HeartbeatReport>()
  let sending: Promise<void> = Promise.resolve()

  const send = async (batch: HeartbeatReport[]): Promise<boolean> => {
    const reports = batch.map(({ at: _at, ...report }) => report)
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ reports }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error'
      })
      const text = await response.text()
      if (response.ok) return true
      let detail = `HTTP ${response.status}`
      try {
        detail = `${detail}: ${String((JSON.parse(text) as { detail?: unknown }).detail ?? '')}`
      } catch {
        // not a problem body
      }
      onError(`the status service refused the heartbeats (${detail})`)
      // A refused report never becomes acceptable: drop it. Anything else (401, 403, 429, 5xx) is tried again next beat.
      return response.status === 400 || response.status === 413 || response.status === 422
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name
      onError(`the status service cannot be reached (${cause}); the reports are sent again with the next beat`)
      return false
    }
  }

  const flush = async () => {
    const batch = [...pending.values()]
    for (let start = 0; start < batch.length; start += BATCH) {
      const chunk = batch.slice(start, start + BATCH)
      if (!await send(chunk)) return
      // Delivered: forget each report unless a newer one of its shard arrived meanwhile.
      for (const report of chunk) if (pending.get(report.shard) === report) pending.delete(report.shard)
    }
  }

  const reportAll = (reports: readonly HeartbeatReport[]): Promise<void> => {
    const problem = heartbeatsProblem(reports)
    if (problem !== undefined) {
      onError(`a heartbeat was not sent: ${problem}`)
      return sending
    }
    for (const report of reports) pending.set(report.shard, report)
    sending = sending.then(flush, flush)
    return sending
  }

  return {
    report: (report) => reportAll([report]),
    reportAll,
    close: () => sending
  }
}

function throttledWarning (): (message: string) => void {
  let last = 0
  return (message) => {
    const now = Date.now()
    if (now - last < 60_000) return
    last = now
    console.warn(`status-api heartbeat: ${message}`)
  }
}
