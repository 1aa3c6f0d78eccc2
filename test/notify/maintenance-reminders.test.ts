// maintenance.reminder: `remind` minutes before each start (60 unless MAINTENANCE_REMIND_MINUTES or the window says, 0
// none), never when its time had passed as the window was written; on two replicas (PostgreSQL + Redis) once to a
// signed webhook on loopback, the operator's Discord webhook and the followers whose components it names, as the
// Discord message its start and end then edit.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { createSeries } from '../../src/incidents/series.ts'
import { scheduleMaintenance } from '../../src/incidents/writes.ts'
import { ManualClock, type Clock } from '../../src/lib/clock.ts'
import { createMaintenanceClock } from '../../src/notify/maintenance-clock.ts'
import { insertFollow } from '../../src/store/repositories/discord-follows.ts'
import { BOT_TOKEN, DiscordStandIn } from '../discord-commands/discord-stand-in.ts'
import { loadConfig } from '../../src/config/index.ts'
import { buildTestApp, databaseBackends, type TestApp } from '../helper.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'
import { redisSkip, startRedis } from '../services/redis.ts'
import { WebhookReceiver } from './receivers.ts'

const MINUTE = 60_000
const silent = pino({ level: 'silent' })

async function until (what: string, withinMs: number, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + withinMs
  while (!await done()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const reminders = async (test: TestApp) => (await test.context.database.db.selectFrom('notify_events').selectAll()
  .where('kind', '=', 'maintenance.reminder').orderBy('id').execute())
  .map((row) => ({ subject: row.subject, at: row.created_at, payload: JSON.parse(row.payload) as { maintenance: { id: number, seriesId: string | null } } }))

for (const backend of databaseBackends()) {
  describe(`maintenance reminders on ${backend.name}`, { skip: backend.skip }, () => {
    it('60 minutes ahead by default, the window\'s own lead when it has one, none at 0 or when the time had passed', async (t) => {
      const clock = new ManualClock('2026-12-05T12:00:00.000Z')
      const test = await buildTestApp(t, await backend.env(), { clock })
      const db = test.context.database.db
      const at = (iso: string) => Date.parse(iso)
      const byDefault = await scheduleMaintenance(db, { title: 'Default lead', message: 'm', startsAt: at('2026-12-05T14:00:00Z'), endsAt: at('2026-12-05T15:00:00Z') }, clock.now())
      const own = await scheduleMaintenance(db, { title: 'Own lead', message: 'm', startsAt: at('2026-12-05T14:00:00Z'), endsAt: at('2026-12-05T15:00:00Z'), remindMinutes: 15 }, clock.now())
      await scheduleMaintenance(db, { title: 'No reminder', message: 'm', startsAt: at('2026-12-05T14:00:00Z'), endsAt: at('2026-12-05T15:00:00Z'), remindMinutes: 0 }, clock.now())
      // Written 30 minutes before its start: its 60-minute reminder's time has passed, so it is not sent late.
      const late = await scheduleMaintenance(db, { title: 'Late', message: 'm', startsAt: at('2026-12-05T12:30:00Z'), endsAt: at('2026-12-05T13:00:00Z') }, clock.now())
      const maintenanceClock = createMaintenanceClock({ database: test.context.database, clock, logger: silent, pollMs: 10_000 })
      const second = createMaintenanceClock({ database: test.context.database, clock, logger: silent, pollMs: 10_000 })

      assert.ok(await maintenanceClock.runOnce() <= 10_000)
      clock.set('2026-12-05T12:59:59.000Z')
      assert.equal(await maintenanceClock.runOnce(), 1000, 'it wakes when the first reminder is due')
      assert.deepEqual(await reminders(test), [])
      clock.set('2026-12-05T13:00:00.000Z')
      await Promise.all([maintenanceClock.runOnce(), second.runOnce()]) // two replicas' clocks at once
      assert.deepEqual((await reminders(test)).map((r) => [r.subject, r.at]), [[`maintenance:${byDefault}`, '2026-12-05T13:00:00.000Z']])
      clock.set('2026-12-05T13:45:00.000Z')
      await Promise.all([second.runOnce(), maintenanceClock.runOnce()])
      assert.deepEqual((await reminders(test)).map((r) => [r.subject, r.at]),
        [[`maintenance:${byDefault}`, '2026-12-05T13:00:00.000Z'], [`maintenance:${own}`, '2026-12-05T13:45:00.000Z']])
      clock.set('2026-12-05T14:30:00.000Z')
      await maintenanceClock.runOnce()
      const subjects = (await reminders(test)).map((r) => r.subject)
      assert.equal(subjects.length, 2, 'no reminder for 0 nor for the one written late')
      assert.ok(!subjects.includes(`maintenance:${late}`))
      const started = await db.selectFrom('notify_events').select('subject').where('kind', '=', 'maintenance.started').execute()
      assert.equal(started.length, 4, 'every window still starts')
    })

    it('MAINTENANCE_REMIND_MINUTES sets the default; 0 sends none; a series\' own lead is kept by each occurrence', async (t) => {
      const clock = new ManualClock('2026-12-05T12:00:00.000Z')
      const test = await buildTestApp(t, await backend.env(), { clock })
      const db = test.context.database.db
      const window = await scheduleMaintenance(db, { title: 'Window', message: 'm', startsAt: Date.parse('2026-12-05T14:00:00Z'), endsAt: Date.parse('2026-12-05T15:00:00Z') }, clock.now())
      const { id: seriesId } = await createSeries(db, {
        title: 'Nightly', message: 'm', rrule: 'FREQ=DAILY', start: '2026-12-05T15:00', timeZone: 'Europe/Berlin', durationMs: 30 * MINUTE, remindMinutes: 10, components: []
      }, clock.now())
      const tenMinutes = createMaintenanceClock({ database: test.context.database, clock, logger: silent, remindMinutes: 10 })
      const off = createMaintenanceClock({ database: test.context.database, clock, logger: silent, remindMinutes: 0 })
      clock.set('2026-12-05T13:00:00.000Z')
      await off.runOnce()
      assert.deepEqual(await reminders(test), [], 'off: the window has none; the series\' is not due yet')
      clock.set('2026-12-05T13:50:00.000Z') // 14:50 in Berlin: the series' first occurrence starts at 15:00 Berlin = 14:00Z
      await off.runOnce()
      await tenMinutes.runOnce()
      const sent = await reminders(test)
      assert.deepEqual(sent.map((r) => r.payload.maintenance.seriesId).sort(), [null, seriesId].sort())
      assert.ok(sent.some((r) => r.subject === `maintenance:${window}`), 'the default of 10 minutes')
      assert.equal(sent.length, 2)
    })
  })
}

describe('MAINTENANCE_REMIND_MINUTES', () => {
  it('is 60 unless set, 0 to 10080 (a week), anything else refused at start', () => {
    assert.equal(loadConfig({}).notify.maintenanceRemindMinutes, 60)
    assert.equal(loadConfig({ MAINTENANCE_REMIND_MINUTES: '0' }).notify.maintenanceRemindMinutes, 0)
    assert.equal(loadConfig({ MAINTENANCE_REMIND_MINUTES: '10080' }).notify.maintenanceRemindMinutes, 10080)
    for (const bad of ['-1', '10081', 'soon', '1.5']) assert.throws(() => loadConfig({ MAINTENANCE_REMIND_MINUTES: bad }), /MAINTENANCE_REMIND_MINUTES/)
  })
})

/** The wall clock shifted by `shift` ms, which the test moves forward: shared by both replicas, a few minutes at most (signatures stay fresh). */
class ShiftedClock implements Clock {
  shift = 0
  now (): number { return Date.now() + this.shift }
  monotonic (): number { return performance.now() + this.shift }
}

describe('maintenance reminders from two replicas on PostgreSQL and Redis', { skip: postgresSkip() ?? redisSkip() }, () => {
  it('once to the signed webhook, the operator\'s Discord and the followers it names, before the start; started and ended edit that message', async (t: TestContext) => {
    const [discord, webhook, redis] = await Promise.all([DiscordStandIn.start(), WebhookReceiver.start(), startRedis()])
    t.after(() => Promise.all([discord.close(), webhook.close(), redis.destroy()]))
    const operators = discord.addWebhook('1500000000000000001')
    const clock = new ShiftedClock()
    const env = {
      DATABASE_URL: await (await sharedPostgres()).createDatabase(), REDIS_URL: redis.url, PUBLIC_BASE_URL: 'https://status.example.com',
      DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_API_BASE: discord.apiBase, NOTIFY_DISCORD_WEBHOOKS: operators.url,
      NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret
    }
    const tuning = { notify: { pollMs: 50, backoffBaseMs: 50, clockPollMs: 100 }, clock }
    const first = await buildTestApp(t, env, tuning)
    const second = await buildTestApp(t, env, tuning)
    const db = first.context.database.db
    const followed = new Map<string, string>() // webhook id → what it follows
    for (const [i, components] of [['bot'], ['api'], []].entries()) {
      const channelId = String(1_500_000_000_000_000_100n + BigInt(i))
      const hook = discord.addWebhook(channelId)
      followed.set(hook.id, components.join(',') || 'everything')
      await insertFollow(db, { guildId: '1200000000000000777', channelId, webhookId: hook.id, webhookToken: hook.token, components, by: 'test', at: '2020-01-01T00:00:00.000Z' })
    }
    // A daily series whose first start is a whole minute, 2 to 3 minutes ahead, reminding a minute before.
    const start = Math.ceil((Date.now() + 2 * MINUTE) / MINUTE) * MINUTE
    const startLocal = new Date(start).toISOString().slice(0, 16)
    const { id: seriesId, first: occurrence } = await createSeries(db, {
      title: 'Bot restart', message: 'The bots restart.', rrule: 'FREQ=DAILY', start: startLocal, timeZone: 'UTC', durationMs: MINUTE, remindMinutes: 1, components: ['bot']
    }, clock.now())
    assert.ok(occurrence !== undefined)
    for (const replica of [first, second]) {
      replica.context.notifications!.start()
      t.after(() => replica.context.notifications!.stop())
    }
    const subject = `maintenance:${occurrence}`
    const received = () => webhook.verified.filter((m) => (m.data.maintenance as { id: number } | undefined)?.id === occurrence)

    // Just before the reminder's time: nothing yet.
    clock.shift = start - MINUTE - 1500 - Date.now()
    await new Promise((resolve) => setTimeout(resolve, 700))
    assert.deepEqual(received(), [])
    await until('the reminder at the webhook', 10_000, () => received().length >= 1)
    const reminderAt = clock.now()
    assert.ok(reminderAt < start, 'before the start')
    assert.ok(reminderAt >= start - MINUTE, 'not before its time')
    await until('the reminder in Discord (operator and two followers)', 10_000, () => discord.executed.length >= 3)
    await new Promise((resolve) => setTimeout(resolve, 500)) // a second copy would show up by now
    assert.deepEqual(received().map((m) => m.type), ['maintenance.reminder'])
    assert.equal((received()[0]!.data.maintenance as { seriesId: string }).seriesId, seriesId)
    const posts = discord.executed.filter((call) => call.method === 'POST')
    assert.equal(posts.length, 3, posts.map((call) => call.path).join('\n'))
    const hooksPosted = posts.map((call) => /webhooks\/(\d+)\//.exec(call.path)![1]!)
    assert.deepEqual(hooksPosted.map((id) => id === operators.id ? 'operator' : followed.get(id)).sort(), ['bot', 'everything', 'operator'])
    assert.ok([...discord.messages.values()].every((message) => message.body.embeds[0]!.title === 'Maintenance: Bot restart'))

    // Time moves on only once every delivery is recorded: a lease taken before a jump of the clock would look expired
    // after it, and its delivery would be sent again.
    const settled = async () => until('every delivery recorded', 10_000, async () =>
      (await db.selectFrom('notify_deliveries').select('id').where('state', '!=', 'delivered').execute()).length === 0)
    await settled()
    // The start and the end edit the reminder's message in each channel: no second message.
    clock.shift = start + 200 - Date.now()
    await until('started everywhere', 10_000, () => received().length >= 2 && [...discord.messages.values()].every((message) => message.edits >= 1))
    await settled()
    clock.shift = start + MINUTE + 200 - Date.now()
    await until('ended everywhere', 10_000, () => received().length >= 3 && [...discord.messages.values()].every((message) => message.edits >= 2))
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.deepEqual(received().map((m) => m.type), ['maintenance.reminder', 'maintenance.started', 'maintenance.ended'])
    assert.equal(discord.messages.size, 3)
    assert.ok([...discord.messages.values()].every((message) => message.edits === 2), JSON.stringify([...discord.messages.values()].map((m) => m.edits)))
    const events = await db.selectFrom('notify_events').select(['kind']).where('subject', '=', subject).orderBy('id').execute()
    assert.deepEqual(events.map((event) => event.kind), ['maintenance.reminder', 'maintenance.started', 'maintenance.ended'], 'each written once by two clocks')
    assert.deepEqual(webhook.rejected, [])
  })
})
