// A `status-api serve` SIGKILLed after it materialised a series' occurrences and before their reminder was due: the
// replica that comes after (PostgreSQL + Redis) writes no occurrence twice and sends the reminder once, to the signed
// webhook and to Discord, ahead of the start.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { insertSeries } from '../../src/store/repositories/maintenance-series.ts'
import type { Tables } from '../../src/store/tables.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { DiscordReceiver, WebhookReceiver } from '../notify/receivers.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'
import { redisSkip, startRedis, type RedisServer } from '../services/redis.ts'
import { eventually } from './steady-load.ts'

const MINUTE = 60_000

describe('a replica killed between materialising and announcing', { skip: postgresSkip() ?? redisSkip(), timeout: 180_000 }, () => {
  let discord: DiscordReceiver
  let webhook: WebhookReceiver
  let redis: RedisServer
  let db: Kysely<Tables>
  const replicas: AppProcess[] = []

  before(async () => {
    ;[discord, webhook, redis] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start(), startRedis()])
  })

  after(async () => {
    await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')))
    await db?.destroy()
    await Promise.all([discord?.close(), webhook?.close()])
    await redis?.destroy()
  })

  it('loses nothing and sends nothing twice', async () => {
    const databaseUrl = await (await sharedPostgres()).createDatabase()
    const migrated = await runBinWith({ DATABASE_URL: databaseUrl }, ['migrate'])
    assert.equal(migrated.code, 0, migrated.stderr)
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }) })
    // Written as an operator's door would, but without its occurrences: the first replica to start materialises them.
    // Its first start is the whole minute whose one-minute reminder is 15 to 75 s away.
    const start = Math.ceil((Date.now() + 15_000) / MINUTE) * MINUTE + MINUTE
    const at = new Date().toISOString()
    await insertSeries(db, {
      id: 'ms-0000beef', title: 'Killed before the reminder', message: 'Restart.', rrule: 'FREQ=DAILY', start_local: new Date(start).toISOString().slice(0, 16),
      timezone: 'UTC', duration_ms: MINUTE, remind_minutes: 1, components: '[]', source: 'operator', created_at: at, changed_at: at, by: null, ended_at: null, ended_by: null
    })
    const env = {
      DATABASE_URL: databaseUrl, REDIS_URL: redis.url, PUBLIC_BASE_URL: 'https://status.example.com', PROBE_INTERVAL_SECONDS: '1',
      NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret, NOTIFY_TIMEOUT_SECONDS: '2'
    }
    const occurrences = () => db.selectFrom('maintenances').select(['id', 'starts_at']).where('series_id', '=', 'ms-0000beef').orderBy('starts_at').execute()

    const victim = await startApp(env)
    replicas.push(victim)
    await eventually('the occurrences materialised', 10_000, async () => (await occurrences()).length >= 15)
    assert.ok(Date.now() < start - MINUTE, 'killed before the reminder was due')
    await victim.stop('SIGKILL')
    const written = await occurrences()
    const announced = () => db.selectFrom('notify_events').select('kind').where('subject', 'like', 'maintenance:%').orderBy('id').execute()
    assert.deepEqual(await announced(), [], 'nothing announced yet')

    replicas.push(await startApp(env), await startApp(env))
    const first = written[0]!
    assert.equal(Date.parse(first.starts_at), start)
    const reminder = () => webhook.verified.filter((m) => m.type === 'maintenance.reminder' && (m.data.maintenance as { id: number }).id === first.id)
    await eventually('the reminder from the replicas that came after', 2 * MINUTE, async () => reminder().length >= 1)
    assert.ok(reminder()[0]!.at < start, 'before the start')
    assert.ok(reminder()[0]!.at >= start - MINUTE, 'not before its time')
    await new Promise((resolve) => setTimeout(resolve, 2000)) // a second copy would show up by now
    assert.equal(reminder().length, 1, 'once')
    assert.equal(discord.answered.filter((r) => r.method === 'POST').length, 1, 'one Discord message')
    const now = await occurrences()
    assert.deepEqual(now.slice(0, written.length), written, 'the occurrences written before the kill are the ones kept')
    assert.equal(new Set(now.map((row) => row.starts_at)).size, now.length, 'none written twice')
    assert.deepEqual((await announced()).map((row) => row.kind), ['maintenance.reminder'])
  })
})
