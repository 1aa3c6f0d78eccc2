// Requests Node's HTTP parser rejects (400 bad syntax or smuggling attempts, 408 slowloris, 431 huge headers) never
// reach a route or the access log: one warning per reason, at most every 10 s, with how many were not logged since.
import type { Logger } from 'pino'

const REJECTION_LOG_EVERY_MS = 10_000

export type RejectionLog = (status: number, reason: string) => void

export function throttledRejectionLog (logger: Logger, everyMs = REJECTION_LOG_EVERY_MS, now: () => number = () => performance.now()): RejectionLog {
  const last = new Map<string, { at: number, suppressed: number }>()
  return (status, reason) => {
    const key = `${status} ${reason}`
    const seen = last.get(key)
    if (seen !== undefined && now() - seen.at < everyMs) {
      seen.suppressed++
      return
    }
    if (last.size > 100) last.clear() // reasons are a short fixed list; never let it grow
    logger.warn({ status, reason, notLoggedSince: seen?.suppressed ?? 0 }, 'request rejected by the HTTP parser')
    last.set(key, { at: now(), suppressed: 0 })
  }
}
