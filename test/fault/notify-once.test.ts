// Delivered once and never stalled, against real `status-api serve` processes and real loopback receivers: a hanging
// Discord webhook beside a healthy one (the healthy one keeps its latency); SQLite's write lock held by another process
// right when a sent delivery is recorded (recorded once the lock is gone, never sent again); back-to-back CLI commands
// counted by webhook-id; two PostgreSQL replicas with a receiver that answers in 8 s (inside the 10 s limit, longer
// than the claim's share fits in one lease). Each of these sent duplicates or stalled before the worker ran one lane
// per target, renewed its leases and retried the outcome write until it landed.
import assert from 'node:assert/strict'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, describe, it } from 'node:test'
import type { TestContext } from 'node:test'
import { openIncident } from '../../src/incidents/writes.ts'
import { openDatabase, SQLITE_FILE } from '../../src/store/database.ts'
import { tempDir } from '../helper.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { postgresSkip, startPostgres } from '../services/postgres.ts'
import { holdWriteLock } from '../services/sqlite-locker.ts'
import { DiscordReceiver, WebhookReceiver } from '../notify/receivers.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { eventually } from './steady-load.ts'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)]!

async function receivers (t: TestContext) {
  const [discord, webhook] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start()])
  t.after(() => Promise.all([discord.close(), webhook.close()]))
  return { discord, webhook }
}

function notifyEnv (discord: DiscordReceiver, webhook: WebhookReceiver, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PUBLIC_BASE_URL: 'https://status.example.com', LOG_LEVEL: 'info',
    NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret, ...extra
  }
}

async function serve (t: TestContext, env: Record<string, string>): Promise<AppProcess> {
  const app = await startApp(env)
  t.after(() => app.stop('SIGKILL'))
  return app
}

/**
 * The deliveries the server logged as not delivered and due again (a time limit passed before the receiver answered, say),
 * as `<target kind>:<event>:<event id>`. Their second send is the retry the docs promise (receivers drop it by its
 * webhook-id), not a re-send because a write waited; on a loaded machine a 1 s limit can pass on loopback.
 */
function retriedDeliveries (output: string): Set<string> {
  const retried = new Set<string>()
  for (const line of output.split('\n')) {
    if (!line.includes('"notification not delivered; will retry"')) continue
    const entry = JSON.parse(line) as { target?: string, event?: string, eventId?: number }
    retried.add(`${entry.target?.split(':')[0]}:${entry.event}:${entry.eventId}`)
  }
  return retried
}

/** How many times each webhook-id reached the receiver with a valid signature, the ones above one listed. */
function duplicatedIds (webhook: WebhookReceiver): string[] {
  const counts = new Map<string, number>()
  for (const message of webhook.verified) counts.set(message.id, (counts.get(message.id) ?? 0) + 1)
  return [...counts].filter(([, count]) => count > 1).map(([id, count]) => `${id}×${count}`)
}

describe('notification targets are independent', () => {
  it('a Discord webhook that never answers delays only itself: the healthy webhook gets 20 incidents, none later than 5 s', async (t) => {
    const { discord, webhook } = await receivers(t)
    discord.fallback = { kind: 'hang' }
    const dataDir = tempDir(t)
    await serve(t, { DATA_DIR: dataDir, ...notifyEnv(discord, webhook) }) // the default 10 s time limit
    // The operator's side, as the CLI writes it: its own connection that waits for the lock.
    const database = openDatabase({ databaseUrl: undefined, dataDir, busyTimeoutMs: 5000 })
    try {
      for (let i = 0; i < 20; i++) {
        await openIncident(database.db, { title: `Incident ${i}`, impact: 'minor', status: 'investigating', message: 'opened' }, Date.now())
        await sleep(300)
      }
    } finally {
      await database.close()
    }
    await eventually('20 webhooks', 15_000, async () => webhook.verified.length >= 20)
    const latencies = webhook.verified.map((m) => m.at - Date.parse(m.timestamp)).sort((a, b) => a - b)
    console.log(`# healthy webhook beside a hanging Discord webhook: p50 ${percentile(latencies, 50)} ms, max ${latencies.at(-1)} ms (n=${latencies.length})`)
    // A delivery that waited behind the hanging one would wait for its 10 s time limit; a healthy one comes within the
    // worker's poll (1 s) and a send, or later by what a loaded machine adds, never by half that limit.
    assert.ok(latencies.at(-1)! < 5000, `the slowest delivery took ${latencies.at(-1)} ms`)
    assert.ok(discord.requests.length >= 1, 'the hanging target was tried')
  })
})

describe('a sent delivery is recorded however busy SQLite is, and never sent again because the write waited', () => {
  it('the write lock held by another process across the outcome write (longer than the lease): one webhook, one Discord message', async (t) => {
    const { discord, webhook } = await receivers(t)
    const dataDir = tempDir(t)
    const app = await serve(t, { DATA_DIR: dataDir, ...notifyEnv(discord, webhook, { NOTIFY_TIMEOUT_SECONDS: '1' }) }) // lease 3 s
    webhook.script.push({ kind: 'hold' })
    discord.script.push({ kind: 'hold' })
    const heldWebhook = webhook.held()
    const heldDiscord = discord.held()
    const database = openDatabase({ databaseUrl: undefined, dataDir, busyTimeoutMs: 5000 })
    try {
      await openIncident(database.db, { title: 'Held', impact: 'major', status: 'investigating', message: 'opened' }, Date.now())
    } finally {
      await database.close()
    }
    await Promise.all([heldWebhook, heldDiscord])
    const lock = await holdWriteLock(path.join(dataDir, SQLITE_FILE), 4500)
    webhook.release()
    discord.release()
    await lock.released
    await eventually('both deliveries recorded', 10_000, async () => {
      const check = openDatabase({ databaseUrl: undefined, dataDir, busyTimeoutMs: 5000 })
      try {
        const rows = await check.db.selectFrom('notify_deliveries').select('state').execute()
        return rows.length === 2 && rows.every((row) => row.state === 'delivered')
      } finally {
        await check.close()
      }
    })
    await sleep(3000) // a re-send after the lease would show up by now
    assert.equal(webhook.requests.length, 1, 'one webhook request')
    assert.deepEqual(duplicatedIds(webhook), [])
    assert.equal(discord.requests.filter((r) => r.method === 'POST').length, 1, 'one Discord message')
    assert.match(app.output, /retrying until it lands/, 'the wait is logged')
  })

  it('back-to-back CLI commands from two shells (open, then update at once): every webhook-id once, one Discord message per incident', async (t) => {
    const { discord, webhook } = await receivers(t)
    const dataDir = tempDir(t)
    const app = await serve(t, { DATA_DIR: dataDir, ...notifyEnv(discord, webhook, { NOTIFY_TIMEOUT_SECONDS: '1' }) })
    const cli = async (args: string[]) => {
      const result = await runBinWith({ DATA_DIR: dataDir, DATABASE_URL: '' }, args)
      assert.equal(result.code, 0, result.stderr)
      return result.stdout
    }
    const shell = async (name: string) => {
      for (let i = 0; i < 6; i++) {
        const id = /incident (\d+)/.exec(await cli(['incident', 'open', '--title', `${name} ${i}`, '--impact', 'minor', '--message', 'opened']))![1]!
        await cli(['incident', 'update', id, '--status', 'identified', '--message', 'found it'])
      }
    }
    await Promise.all([shell('A'), shell('B')])
    await eventually('24 webhooks and 24 Discord calls', 20_000, async () => webhook.verified.length >= 24 && discord.answered.length >= 24)
    await sleep(4000) // past the 3 s lease: a re-send would show up by now
    const retried = retriedDeliveries(app.output)
    const unexplained = duplicatedIds(webhook).filter((id) => ![...retried].some((key) => key.startsWith('webhook:') && key.endsWith(`:${id.replace(/^evt_(\d+)×\d+$/, '$1')}`)))
    assert.deepEqual(unexplained, [], 'no webhook-id is sent twice but after a failed attempt')
    assert.equal(new Set(webhook.verified.map((m) => m.id)).size, 24)
    const retriedOpened = [...retried].filter((key) => key.startsWith('discord:incident.opened:')).length
    const posts = discord.requests.filter((r) => r.method === 'POST').length
    assert.ok(posts >= 12 && posts <= 12 + retriedOpened, `one message per incident (${posts} posts, ${retriedOpened} retried)`)
    const updated = [...discord.messages.values()].filter((m) => m.edits >= 1 && m.embeds[0]!.fields[0]!.value === 'Identified')
    assert.equal(updated.length, 12, 'each incident\'s message shows the update')
  })
})

describe('two replicas on one PostgreSQL with a receiver that answers in 8 s', { skip: postgresSkip() }, () => {
  let destroy: (() => void) | undefined
  after(() => destroy?.())

  it('every event once per target (the default 10 s limit: a 30 s lease, eight 8 s deliveries written at once)', { timeout: 240_000 }, async (t) => {
    const postgres = await startPostgres()
    destroy = () => postgres.destroy()
    const databaseUrl = await postgres.createDatabase()
    const { discord, webhook } = await receivers(t)
    discord.fallback = { kind: 'slow', ms: 8000 }
    webhook.fallback = { kind: 'slow', ms: 8000 }
    const env = { DATABASE_URL: databaseUrl, ...notifyEnv(discord, webhook) }
    await serve(t, env) // the first migrates
    await serve(t, env)
    // Eight incidents at once (an operator's script): one replica claims them all, or two share them four and four;
    // either way one replica's share of a target takes longer than the 30 s lease.
    const database = openDatabase({ databaseUrl, dataDir: '' })
    try {
      for (let i = 0; i < 8; i++) await openIncident(database.db, { title: `Slow ${i}`, impact: 'minor', status: 'investigating', message: 'opened' }, Date.now())
    } finally {
      await database.close()
    }
    await eventually('eight webhooks and eight Discord messages', 150_000, async () => webhook.verified.length >= 8 && discord.answered.length >= 8)
    await sleep(10_000) // a second replica taking over an expired claim would have sent by now
    assert.deepEqual(duplicatedIds(webhook), [])
    assert.equal(webhook.verified.length, 8)
    assert.equal(discord.requests.filter((r) => r.method === 'POST').length, 8, 'one Discord message per incident')
  })
})
