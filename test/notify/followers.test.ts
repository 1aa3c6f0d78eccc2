// The fan-out to the channels that follow (docs/en/architecture.md#follow), against the Discord stand-in: a thousand followers and one
// event — each gets it exactly once, and no second holds more sends than DISCORD_FANOUT_PER_SECOND; two replicas on
// PostgreSQL and Redis — each follower gets each event once; and crossposting of a notification webhook's new message
// in an announcement channel (once, not for edits, not in a text channel).
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { incidentEvent, type IncidentData } from '../../src/notify/events.ts'
import { insertFollow } from '../../src/store/repositories/discord-follows.ts'
import { insertEvent } from '../../src/store/repositories/notifications.ts'
import { ANNOUNCEMENT_CHANNEL, BOT_TOKEN, DiscordStandIn } from '../discord-commands/discord-stand-in.ts'
import { buildTestApp, type Env, type TestApp } from '../helper.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'
import { redisSkip, startRedis } from '../services/redis.ts'

const FAST = { pollMs: 50, backoffBaseMs: 50 }
const EARLIER = '2020-01-01T00:00:00.000Z'

async function standIn (t: TestContext): Promise<DiscordStandIn> {
  const discord = await DiscordStandIn.start()
  t.after(() => discord.close())
  return discord
}

const envFor = (discord: DiscordStandIn, extra: Env = {}): Env => ({
  PUBLIC_BASE_URL: 'https://status.example.com', DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_API_BASE: discord.apiBase, ...extra
})

/** `count` channels following everything, each with a webhook in the stand-in. */
async function follows (test: TestApp, discord: DiscordStandIn, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const channelId = String(1_500_000_000_000_000_000n + BigInt(i))
    const webhook = discord.addWebhook(channelId)
    await insertFollow(test.context.database.db, { guildId: '1200000000000000777', channelId, webhookId: webhook.id, webhookToken: webhook.token, components: [], by: 'test', at: EARLIER })
    ids.push(webhook.id)
  }
  return ids
}

const incident: IncidentData = { id: 1, title: 'Commands time out', impact: 'major', status: 'investigating', startedAt: new Date().toISOString(), resolvedAt: null, components: [] }
const opened = () => incidentEvent('incident.opened', incident, { status: 'investigating', message: 'Looking into it.', at: new Date().toISOString() })
const updated = () => incidentEvent('incident.updated', { ...incident, status: 'identified' }, { status: 'identified', message: 'A bad deploy.', at: new Date().toISOString() })

async function until (what: string, withinMs: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + withinMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Sends per webhook: [executions, edits]. */
function perWebhook (discord: DiscordStandIn): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>()
  for (const call of discord.executed) {
    const id = /^\/api\/v10\/webhooks\/(\d+)\//.exec(call.path)![1]!
    const [posts, patches] = counts.get(id) ?? [0, 0]
    counts.set(id, call.method === 'POST' ? [posts + 1, patches] : [posts, patches + 1])
  }
  return counts
}

describe('the fan-out to followers', () => {
  it('1,000 followers and one event: each gets it exactly once, never more than DISCORD_FANOUT_PER_SECOND in a second', async (t) => {
    const RATE = 150
    const discord = await standIn(t)
    const operators = discord.addWebhook('1500000000000000999')
    const test = await buildTestApp(t, envFor(discord, { DISCORD_FANOUT_PER_SECOND: String(RATE), NOTIFY_DISCORD_WEBHOOKS: operators.url }), { notify: FAST })
    const webhooks = await follows(test, discord, 1000)
    await insertEvent(test.context.database.db, opened())
    const { followers, worker } = test.context.notifications!
    followers!.start()
    t.after(() => followers!.stop())
    // The operator's own webhook, on its own lane, gets the event while the followers' fan-out is still going.
    await until('some followers have it', 10_000, () => discord.messages.size >= 100)
    worker.start()
    t.after(() => worker.stop())
    await until('the operator\'s channel has it', 3000, () => [...discord.messages.values()].some((message) => message.webhookId === operators.id))
    assert.ok(discord.messages.size < 900, 'before the fan-out is over')
    await until('a message in every channel', 30_000, () => discord.messages.size >= 1001)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const counts = perWebhook(discord)
    assert.equal(counts.size, 1001)
    for (const id of webhooks) assert.deepEqual(counts.get(id), [1, 0], `webhook ${id}: exactly one message`)
    const perSecond = new Map<number, number>()
    for (const call of discord.executed) {
      if (call.path.includes(operators.id)) continue
      const second = Math.floor(call.at / 1000)
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1)
    }
    assert.ok(Math.max(...perSecond.values()) <= RATE, `at most ${RATE} in any second: ${[...perSecond.values()].join(', ')}`)
  })

  it('two replicas on PostgreSQL and Redis: each follower gets each event once', { skip: postgresSkip() ?? redisSkip() }, async (t) => {
    const discord = await standIn(t)
    const redis = await startRedis()
    t.after(() => redis.destroy())
    const env = envFor(discord, { DATABASE_URL: await (await sharedPostgres()).createDatabase(), REDIS_URL: redis.url, DISCORD_FANOUT_PER_SECOND: '500' })
    const first = await buildTestApp(t, env, { notify: FAST })
    const second = await buildTestApp(t, env, { notify: FAST })
    const webhooks = await follows(first, discord, 200)
    for (const replica of [first, second]) {
      const followers = replica.context.notifications!.followers!
      followers.start()
      t.after(() => followers.stop())
    }
    await insertEvent(first.context.database.db, opened())
    await until('the incident in every channel', 30_000, () => discord.messages.size >= 200)
    await insertEvent(second.context.database.db, updated())
    await until('the update in every channel', 30_000, () => [...discord.messages.values()].filter((message) => message.edits > 0).length >= 200)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const counts = perWebhook(discord)
    for (const id of webhooks) assert.deepEqual(counts.get(id), [1, 1], `webhook ${id}: one message, one edit`)
    assert.equal(discord.messages.size, 200)
  })

  it('NOTIFY_DISCORD_CROSSPOST: a new message in an announcement channel is crossposted once; edits and text channels are not', async (t) => {
    const discord = await standIn(t)
    const announcements = discord.addWebhook('1500000000000000201')
    const text = discord.addWebhook('1500000000000000202')
    discord.channels.set('1500000000000000201', ANNOUNCEMENT_CHANNEL)
    const test = await buildTestApp(t, envFor(discord, { NOTIFY_DISCORD_WEBHOOKS: `${announcements.url},${text.url}`, NOTIFY_DISCORD_CROSSPOST: 'true' }), { notify: FAST })
    test.context.notifications!.worker.start()
    t.after(() => test.context.notifications!.worker.stop())
    await insertEvent(test.context.database.db, opened())
    await until('both messages', 10_000, () => discord.messages.size === 2)
    await insertEvent(test.context.database.db, updated())
    await until('both edits', 10_000, () => [...discord.messages.values()].every((message) => message.edits === 1))
    await insertEvent(test.context.database.db, incidentEvent('incident.opened', { ...incident, id: 2 }, { status: 'investigating', message: 'Another one.', at: new Date().toISOString() }))
    await until('the second incident in both channels', 10_000, () => discord.messages.size === 4)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const inAnnouncements = [...discord.messages.values()].filter((message) => message.channelId === '1500000000000000201').map((message) => message.id)
    assert.deepEqual([...discord.crossposted].sort(), inAnnouncements.sort(), 'each new announcement message crossposted')
    const crosspostCalls = discord.calls.filter((call) => call.path.endsWith('/crosspost'))
    assert.equal(crosspostCalls.length, 2, 'once each, none for the edit, none in the text channel')
    assert.ok(crosspostCalls.every((call) => call.headers.authorization === `Bot ${BOT_TOKEN}`))
    assert.equal(discord.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/v10/channels/')).length, 2, 'each channel\'s type read once')
  })
})
