// The follow-up of a deferred answer: `PATCH {DISCORD_API_BASE}/webhooks/{application id}/{token}/messages/@original`.
// The interaction token is a secret for 15 minutes: it is never logged. One more try after a 429 or a 5xx.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'

const TIMEOUT_MS = 10_000
const MAX_RETRY_AFTER_MS = 5_000

export async function editOriginal (apiBase: string, applicationId: string, token: string, data: Record<string, unknown>, logger: Logger): Promise<boolean> {
  const url = `${apiBase}/webhooks/${applicationId}/${encodeURIComponent(token)}/messages/@original`
  for (let attempt = 1; attempt <= 2; attempt++) {
    let status: number
    let retryAfterMs = 1000
    try {
      const response = await fetch(url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        signal: AbortSignal.timeout(TIMEOUT_MS)
      })
      status = response.status
      const body = await response.text().catch(() => '')
      if (response.ok) return true
      const seconds = Number((safeJson(body) as { retry_after?: unknown } | undefined)?.retry_after)
      if (Number.isFinite(seconds) && seconds >= 0) retryAfterMs = Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    } catch (error) {
      logger.warn({ attempt, error: (error as Error).name }, 'editing a deferred Discord answer failed')
      status = 0
    }
    if (status !== 0) logger.warn({ attempt, status }, 'Discord refused the edit of a deferred answer')
    if (attempt === 2 || (status !== 0 && status !== 429 && status < 500)) return false
    await sleep(retryAfterMs)
  }
  return false
}

function safeJson (text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
