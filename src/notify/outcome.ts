// What one delivery attempt came to, as the worker acts on it.
export type Outcome =
  /** `pauseMs`: the target's rate-limit bucket is empty; send it nothing more for that long. */
  | { kind: 'delivered', pauseMs?: number }
  /** Try again later: after `retryAfterMs` when the target said so (429), else after the backoff. */
  /** `global`: Discord's limit of all our requests was hit (a 429 saying `global`), not this target's. */
  | { kind: 'retry', error: string, retryAfterMs?: number, global?: boolean }
  /**
   * Trying again cannot help (the webhook was deleted, our request was refused as invalid). `webhookGone`: Discord said
   * Unknown Webhook (404, code 10015).
   */
  | { kind: 'permanent', error: string, webhookGone?: boolean }

/** How long to wait after the `attempts`-th failure: exponential from `baseMs`, capped, with jitter (half to all of it). */
export function backoffMs (attempts: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(full / 2 + random() * full / 2)
}
