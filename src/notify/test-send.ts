// `status-api notify test`: one test message to every configured target, straight (not through the outbox), with
// each target's outcome for the operator.
import type { NotifyProduct } from './product.ts'
import { randomUUID } from 'node:crypto'
import type { NotifyConfig } from '../config/notify.ts'
import type { DiscordMessageStore } from './discord.ts'
import type { EventPayload } from './events.ts'
import type { Outcome } from './outcome.ts'
import { sendEvent } from './send.ts'
import { targetsOf, type Target } from './targets.ts'

export interface TestResult {
  target: Target
  /** Which variable and which entry in it, e.g. `NOTIFY_WEBHOOKS #2`: names the target without its URL. */
  origin: string
  outcome: Outcome
  ms: number
}

const noMessages: DiscordMessageStore = { find: async () => undefined, save: async () => undefined, forget: async () => undefined }

/** Where each target is configured, by its key. */
export function targetOrigins (config: NotifyConfig): Map<string, string> {
  const origins = new Map<string, string>()
  let discord = 0
  let webhook = 0
  for (const target of targetsOf(config)) {
    origins.set(target.key, target.kind === 'discord' ? `NOTIFY_DISCORD_WEBHOOKS #${++discord}` : `NOTIFY_WEBHOOKS #${++webhook}`)
  }
  return origins
}

export async function sendTestNotifications (config: NotifyConfig, baseUrl: URL, now: () => number, product?: NotifyProduct): Promise<TestResult[]> {
  const origins = targetOrigins(config)
  const payload: EventPayload = { test: true, message: 'A test notification from status-api: this target is set up correctly.' }
  return Promise.all(targetsOf(config).map(async (target) => {
    const started = performance.now()
    const outcome = await sendEvent(target, { messageId: `test_${randomUUID()}`, kind: 'test', subject: 'test', payload, at: now() },
      { baseUrl, messages: noMessages, mention: undefined, secret: config.webhookSecret, timeoutMs: config.timeoutSeconds * 1000, now: now(), product, language: config.language })
    return { target, origin: origins.get(target.key)!, outcome, ms: performance.now() - started }
  }))
}
