// `status-api notify list|retry|test`: what the notification outbox holds, sending a delivery again, and a test
// message to every target. Targets are shown by key and by where they are configured, never by URL.
import { notifyProduct } from '../notify/product.ts'
import type { Config } from '../config/index.ts'
import { checkId } from '../incidents/rules.ts'
import { systemClock } from '../lib/clock.ts'
import { sendTestNotifications, targetOrigins } from '../notify/test-send.ts'
import { DEFAULT_TUNING } from '../notify/worker.ts'
import { listDeliveries, retryDelivery } from '../store/repositories/notifications.ts'
import { UsageError, commandWithActions } from './command.ts'
import { asUsage, parseCommandLine, withExistingDatabase } from './options.ts'
import { printTable } from './table.ts'

const STATES = ['pending', 'delivered', 'failed'] as const

const usage = `status-api notify <action> [options]

  list [--state pending|delivered|failed] [--limit N]
      The newest deliveries (50 unless --limit), one per event and target, with who caused the event
      (BY: an operator token's name; - for the service itself or the CLI on the server), attempts and the last error.
  retry ID
      Makes a delivery (an ID from list) pending again, due now, retried for another 24 hours.
  test
      Sends a test message to every configured target and reports each outcome (exit 1 if any failed).

Targets are NOTIFY_DISCORD_WEBHOOKS and NOTIFY_WEBHOOKS; they are shown as a key (a hash of the URL) and
their position in the variable, never the URL: it contains the token.`

export const notifyCommand = commandWithActions({
  name: 'notify',
  usage,
  actions: { list, retry, test }
})

async function list (args: string[], config: Config): Promise<number> {
  const command = 'notify list'
  const { options } = parseCommandLine(command, args, ['state', 'limit'])
  const state = options.state
  if (state !== undefined && !(STATES as readonly string[]).includes(state)) throw new UsageError(`${command}: --state must be one of ${STATES.join(', ')}`)
  const limit = options.limit === undefined ? 50 : Number(options.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError(`${command}: --limit must be a whole number from 1 to 10000`)
  const rows = await withExistingDatabase(config, (database) => listDeliveries(database.db, state, limit))
  if (rows.length === 0) {
    console.log(state === undefined ? 'no notification deliveries' : `no ${state} deliveries`)
    return 0
  }
  const origins = targetOrigins(config.notify)
  printTable(['ID', 'STATE', 'EVENT', 'SUBJECT', 'BY', 'TARGET', 'ATTEMPTS', 'AT', 'LAST ERROR'], rows.map((row) => [
    String(row.id), row.state, row.kind, row.subject, row.by ?? '-',
    origins.has(row.target) ? `${row.target} (${origins.get(row.target)})` : row.target,
    String(row.attempts),
    row.state === 'delivered' ? row.delivered_at ?? '-' : row.state === 'pending' ? `next ${row.next_attempt_at}` : '-',
    row.last_error ?? '-'
  ]))
  return 0
}

async function retry (args: string[], config: Config): Promise<number> {
  const command = 'notify retry'
  const { positionals } = parseCommandLine(command, args, [], ['delivery id'])
  const id = await asUsage(command, () => checkId('delivery', positionals[0]))
  const now = systemClock.now()
  const found = await withExistingDatabase(config, (database) =>
    retryDelivery(database.db, id, new Date(now).toISOString(), new Date(now + DEFAULT_TUNING.retryWindowMs).toISOString()))
  if (!found) throw new UsageError(`${command}: there is no delivery ${id}`)
  console.log(`delivery ${id} is pending again; a running instance sends it within seconds`)
  return 0
}

async function test (args: string[], config: Config): Promise<number> {
  parseCommandLine('notify test', args, [])
  if (config.publicBaseUrl === undefined || (config.notify.discordWebhooks.length === 0 && config.notify.webhooks.length === 0)) {
    console.error('status-api: notify test: no targets configured (set NOTIFY_DISCORD_WEBHOOKS or NOTIFY_WEBHOOKS)')
    return 1
  }
  const results = await sendTestNotifications(config.notify, config.publicBaseUrl, () => systemClock.now(), notifyProduct(config.status.product))
  for (const { target, origin, outcome, ms } of results) {
    const what = outcome.kind === 'delivered' ? 'delivered' : `failed: ${outcome.error}`
    console.log(`${target.key} (${origin}): ${what} (${Math.round(ms)} ms)`)
  }
  return results.every((result) => result.outcome.kind === 'delivered') ? 0 : 1
}
