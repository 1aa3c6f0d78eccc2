// Signed webhooks (Standard Webhooks): a JSON body `{type, timestamp, data}` with the headers webhook-id (the
// idempotency key: the same on every retry), webhook-timestamp and webhook-signature (v1, HMAC-SHA256).
import { createHmac } from 'node:crypto'
import { DeliveryError, retryAfterMs, sendRequest } from './http-request.ts'
import type { Outcome } from './outcome.ts'

export interface WebhookMessage {
  /** The idempotency key: receivers drop a message whose id they have seen. */
  id: string
  type: string
  /** Milliseconds since the epoch. */
  at: number
  data: unknown
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` with the key decoded from `whsec_<base64>`. */
function webhookSignature (secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}

export interface WebhookOptions {
  secret: string
  timeoutMs: number
  /** Now, in milliseconds: the signature's timestamp. */
  now: number
}

export async function deliverWebhook (url: URL, message: WebhookMessage, options: WebhookOptions): Promise<Outcome> {
  const body = JSON.stringify({ type: message.type, timestamp: new Date(message.at).toISOString(), data: message.data })
  const timestamp = Math.floor(options.now / 1000)
  let response
  try {
    response = await sendRequest(url, {
      method: 'POST',
      headers: {
        'webhook-id': message.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(options.secret, message.id, timestamp, body)
      },
      body,
      timeoutMs: options.timeoutMs
    })
  } catch (error) {
    if (error instanceof DeliveryError) return { kind: 'retry', error: error.message }
    throw error
  }
  if (response.status >= 200 && response.status < 300) return { kind: 'delivered' }
  // 410 Gone: the receiver says this endpoint is no more (Standard Webhooks); everything else may pass.
  if (response.status === 410) return { kind: 'permanent', error: 'http 410 (the endpoint is gone)' }
  const wait = response.status === 429 || response.status === 503 ? retryAfterMs(response.headers, options.now) : undefined
  return { kind: 'retry', error: `http ${response.status}`, retryAfterMs: wait }
}
