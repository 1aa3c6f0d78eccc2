// Hostile waits from upstreams: Discord's 429 with a `retry_after` of three million years, a Retry-After that is huge, NaN,
// negative or a far date, a `global` one. Each is held to MAX_UPSTREAM_WAIT_MS: the other followers keep receiving, the
// worker does not spin, and the postponed one is tried again within the cap (the operator's targets likewise); the
// write loop retries only the database's refusals.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { ManualClock } from '../../src/lib/clock.ts'
import { untilWrittenFor } from '../../src/notify/delivery-records.ts'
import { incidentEvent, type IncidentData } from '../../src/notify/events.ts'
import { MAX_UPSTREAM_WAIT_MS, retryAfterMs, upstreamWaitMs } from '../../src/notify/http-request.ts'
import { insertFollow } from '../../src/store/repositories/discord-follows.ts'
import { insertEvent } from '../../src/store/repositories/notifications.ts'
import { isDatabaseError } from '../../src/store/write-errors.ts'
import { BOT_TOKEN, DiscordStandIn } from '../discord-commands/discord-stand-in.ts'
import { buildTestApp, type Env } from '../helper.ts'
import { WebhookReceiver } from './receivers.ts'

const FAST = { pollMs: 50, backoffBaseMs: 50 }
const HUGE = 99999999999999
const RATE_LIMITED = 'You are being rate limited.'

async function standIn (t: TestContext): Promise<DiscordStandIn> {
  const discord = await DiscordStandIn.start()
  t.after(() => discord.close())
  return discord
}

const envFor = (discord: DiscordStandIn, extra: Env = {}): Env => ({
  PUBLIC_BASE_URL: 'https://status.example.com', DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_API_BASE: discord.apiBase, DISCORD_FANOUT_PER_SECOND: '1000', ...extra
})

const incident = (id: number): IncidentData => ({ id, title: `Incident ${id}`, impact: 'major', status: 'investigating', startedAt: new Date().toISOString(), resolvedAt: null, components: [] })
const opened = (id: number) => incidentEvent('incident.opened', incident(id), { status: 'investigating', message: 'Looking into it.', at: new Date().toISOString() })

/** `promise`, or a failure naming `what` when it takes longer than `ms` (a worker stuck in a loop). */
async function within<T> (what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms) })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

const messagesOf = (discord: DiscordStandIn, webhookId: string) => [...discord.messages.values()].filter((message) => message.webhookId === webhookId)
const triesOf = (discord: DiscordStandIn, webhookId: string) => discord.calls.filter((call) => call.path.startsWith(`/api/v10/webhooks/${webhookId}/`)).length

describe('waits an upstream asks for', () => {
  it('are whole milliseconds within 0…MAX_UPSTREAM_WAIT_MS, whatever the header says', () => {
    assert.equal(MAX_UPSTREAM_WAIT_MS, 3_600_000)
    const now = Date.parse('2026-12-02T10:00:00Z')
    const header = (value: string) => retryAfterMs(new Headers({ 'retry-after': value }), now)
    assert.equal(header('2.5'), 2500)
    assert.equal(header(String(HUGE)), MAX_UPSTREAM_WAIT_MS)
    assert.equal(header('Fri, 31 Dec 9999 23:59:59 GMT'), MAX_UPSTREAM_WAIT_MS)
    assert.equal(header('Wed, 02 Dec 2026 10:00:30 GMT'), 30_000)
    assert.equal(header('Wed, 02 Dec 2020 10:00:30 GMT'), 0, 'a date past is no wait')
    assert.equal(header('NaN'), undefined)
    assert.equal(header('-5'), undefined)
    for (const odd of [Number.NaN, -1, Number.POSITIVE_INFINITY, undefined]) assert.equal(upstreamWaitMs(odd), undefined)
    assert.equal(upstreamWaitMs(1e300), MAX_UPSTREAM_WAIT_MS)
  })

  it('a follower\'s hostile 429 (huge, NaN, negative, a far date) holds only that follower, and only up to the cap', async (t) => {
    const discord = await standIn(t)
    const clock = new ManualClock(Date.now())
    const test = await buildTestApp(t, envFor(discord), { notify: FAST, clock })
    const db = test.context.database.db
    const hostile: Array<{ status: number, body: unknown, headers?: Record<string, string> }> = [
      { status: 429, body: { message: RATE_LIMITED, retry_after: HUGE, global: false } },
      { status: 429, body: { message: RATE_LIMITED, global: false }, headers: { 'retry-after': String(HUGE) } },
      { status: 429, body: { message: RATE_LIMITED, retry_after: 'NaN', global: false }, headers: { 'retry-after': 'NaN' } },
      { status: 429, body: { message: RATE_LIMITED, retry_after: -5, global: false }, headers: { 'retry-after': '-5' } },
      { status: 429, body: { message: RATE_LIMITED, global: false }, headers: { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT', 'x-ratelimit-reset-after': String(HUGE) } }
    ]
    // The hostile followers first: their deliveries are claimed before the healthy one's.
    const webhooks: Array<ReturnType<DiscordStandIn['addWebhook']>> = []
    for (let i = 0; i <= hostile.length; i++) {
      const channelId = String(1_500_000_000_000_000_000n + BigInt(i))
      const webhook = discord.addWebhook(channelId)
      await insertFollow(db, { guildId: '1200000000000000777', channelId, webhookId: webhook.id, webhookToken: webhook.token, components: [], by: 'test', at: '2020-01-01T00:00:00.000Z' })
      webhooks.push(webhook)
    }
    const healthy = webhooks.at(-1)!
    hostile.forEach((answer, i) => discord.webhookScript.set(webhooks[i]!.id, [answer]))
    const followers = test.context.notifications!.followers!

    await insertEvent(db, opened(1))
    await within('the first round', 5000, followers.runOnce())
    assert.equal(messagesOf(discord, healthy.id).length, 1)
    for (const webhook of webhooks.slice(0, -1)) assert.equal(triesOf(discord, webhook.id), 1)

    // A second event while they wait: the healthy follower gets it, the rounds end, the waiting ones are not tried.
    await insertEvent(db, opened(2))
    for (let round = 0; round < 3; round++) await within(`round ${round + 2}`, 5000, followers.runOnce())
    assert.equal(messagesOf(discord, healthy.id).length, 2, 'the healthy follower got both')
    for (const webhook of webhooks.slice(0, -1)) assert.equal(triesOf(discord, webhook.id), 1, 'no retry before its time: the worker does not spin')

    const pending = await db.selectFrom('notify_deliveries').select(['target', 'next_attempt_at', 'state']).where('target', 'like', 'follow:%').where('state', '=', 'pending').execute()
    assert.equal(pending.length, 2 * hostile.length, 'every hostile follower\'s two deliveries are still to come, none given up')
    for (const row of pending) assert.ok(Date.parse(row.next_attempt_at) <= clock.now() + MAX_UPSTREAM_WAIT_MS, `${row.target} waits within the cap: ${row.next_attempt_at}`)

    clock.advance(MAX_UPSTREAM_WAIT_MS + 1000)
    for (let round = 0; round < 4; round++) await within('a round after the cap', 5000, followers.runOnce())
    for (const webhook of webhooks) assert.equal(messagesOf(discord, webhook.id).length, 2, `follower ${webhook.channelId} has both incidents once the cap passed`)
  })

  it('a global 429 of three million years holds every follower for the cap, not for ever', async (t) => {
    const discord = await standIn(t)
    const clock = new ManualClock(Date.now())
    const test = await buildTestApp(t, envFor(discord), { notify: FAST, clock })
    const db = test.context.database.db
    const webhooks = ['1500000000000000301', '1500000000000000302'].map((channelId) => discord.addWebhook(channelId))
    for (const webhook of webhooks) {
      await insertFollow(db, { guildId: '1200000000000000777', channelId: webhook.channelId, webhookId: webhook.id, webhookToken: webhook.token, components: [], by: 'test', at: '2020-01-01T00:00:00.000Z' })
    }
    discord.webhookScript.set(webhooks[0]!.id, [{ status: 429, body: { message: RATE_LIMITED, retry_after: HUGE, global: true }, headers: { 'x-ratelimit-global': 'true' } }])
    const followers = test.context.notifications!.followers!
    await insertEvent(db, opened(1))
    await within('the first round', 5000, followers.runOnce())
    await insertEvent(db, opened(2))
    await within('a round during the pause', 5000, followers.runOnce())
    const before = discord.messages.size
    clock.advance(MAX_UPSTREAM_WAIT_MS + 1000)
    for (let round = 0; round < 4; round++) await within('a round after the cap', 5000, followers.runOnce())
    for (const webhook of webhooks) assert.equal(messagesOf(discord, webhook.id).length, 2, `follower ${webhook.channelId} has both incidents once the cap passed`)
    assert.ok(discord.messages.size > before)
  })

  it('the operator\'s targets: a 429 of three million years pauses a target for the cap, then it is delivered', async (t) => {
    const discord = await standIn(t)
    const signed = await WebhookReceiver.start()
    t.after(() => signed.close())
    const operators = discord.addWebhook('1500000000000000999')
    const clock = new ManualClock(Date.now())
    const test = await buildTestApp(t, envFor(discord, { NOTIFY_DISCORD_WEBHOOKS: operators.url, NOTIFY_WEBHOOKS: signed.url, NOTIFY_WEBHOOK_SECRET: signed.secret }), { notify: FAST, clock })
    discord.webhookScript.set(operators.id, [{ status: 429, body: { message: RATE_LIMITED, retry_after: HUGE, global: false } }])
    signed.script.push({ kind: 'status', status: 429, headers: { 'retry-after': String(HUGE) } })
    const worker = test.context.notifications!.worker
    await insertEvent(test.context.database.db, opened(1))
    await within('the first round', 5000, worker.runOnce())
    assert.equal(messagesOf(discord, operators.id).length, 0)
    assert.equal(signed.requests.length, 1)
    clock.advance(MAX_UPSTREAM_WAIT_MS + 1000)
    for (let round = 0; round < 3; round++) await within('a round after the cap', 5000, worker.runOnce())
    assert.equal(messagesOf(discord, operators.id).length, 1, 'the Discord target got it after the cap')
    // (The receiver refuses its signature: the manual clock is an hour ahead of the receiver's. It was sent again.)
    assert.equal(signed.requests.length, 2, 'the signed webhook was tried again after the cap')
  })

  it('the write loop retries the database\'s refusals and throws anything else at once', async () => {
    const retry = untilWrittenFor(pino({ level: 'silent' }), () => false)
    await assert.rejects(within('a RangeError', 2000, retry('outcome', 'test', () => Promise.reject(new RangeError('Invalid time value')))), RangeError)
    let tries = 0
    await within('a busy database', 5000, retry('outcome', 'test', async () => {
      tries++
      if (tries < 3) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    }))
    assert.equal(tries, 3)
    assert.equal(isDatabaseError(new RangeError('Invalid time value')), false)
    assert.equal(isDatabaseError(new TypeError('Cannot read properties of undefined')), false)
    assert.equal(isDatabaseError(Object.assign(new Error('x'), { code: '57P01' })), true, 'PostgreSQL: admin shutdown')
    assert.equal(isDatabaseError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })), true)
    assert.equal(isDatabaseError(new Error('Connection terminated unexpectedly')), true)
  })
})
