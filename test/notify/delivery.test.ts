// Delivery through a running instance to real loopback receivers: one Discord message per incident, created and then
// edited; signed webhooks verified by the standardwebhooks package, in order; Discord's 429, 500, hangs, 404 and
// deleted messages; a receiver that is down and comes back; giving up after the retry window; no secret in any log.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, it } from 'node:test'
import type { TestContext } from 'node:test'
import { pino } from 'pino'
import type { FastifyInstance } from 'fastify'
import type { Context } from '../../src/context.ts'
import type { NotifyTuning } from '../../src/notify/notifications.ts'
import { openIncident, resolveIncident, updateIncident } from '../../src/incidents/writes.ts'
import { listDeliveries } from '../../src/store/repositories/notifications.ts'
import { buildTestApp, databaseBackends, type Env } from '../helper.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { eventually } from '../fault/steady-load.ts'
import { DiscordReceiver, WebhookReceiver } from './receivers.ts'

const FAST: Partial<NotifyTuning> = { pollMs: 20, timeoutMs: 500, backoffBaseMs: 50, backoffMaxMs: 400, statusHoldMs: 60_000 }

/** Everything the instance logs, at every level, to search for secrets. */
function capturingLogger () {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _encoding, done) { lines.push(String(chunk)); done() } })
  return { logger: pino({ level: 'trace' }, stream), lines }
}

interface Setup {
  app: FastifyInstance
  context: Context
  discord: DiscordReceiver
  webhook: WebhookReceiver
  env: Env
  logs: string[]
}

async function setup (t: TestContext, databaseEnv: Env, tuning: Partial<NotifyTuning> = FAST): Promise<Setup> {
  const [discord, webhook] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start()])
  t.after(() => Promise.all([discord.close(), webhook.close()]))
  const { logger, lines } = capturingLogger()
  const env = {
    ...databaseEnv, PUBLIC_BASE_URL: 'https://status.example.com',
    NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret,
    NOTIFY_DISCORD_MENTION: '<@&112233445566778899>'
  }
  const { app, context, config } = await buildTestApp(t, env, { logger, notify: tuning })
  return { app, context, discord, webhook, env: { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '' }, logs: lines }
}

const deliveries = (context: Context, state?: string) => listDeliveries(context.database.db, state, 1000)
const allSettled = async (context: Context, count: number) =>
  (await deliveries(context)).filter((d) => d.state !== 'pending').length >= count

for (const backend of databaseBackends()) {
  describe(`notifications delivered by a running instance on ${backend.name}`, { skip: backend.skip }, () => {
    it('an incident opened, updated twice and resolved through the CLI: one Discord message created and edited three times, four signed webhooks in order', async (t) => {
      const { app, context, discord, webhook, env, logs } = await setup(t, await backend.env())
      context.start()
      const cli = async (args: string[]) => {
        const result = await runBinWith(env, args)
        assert.equal(result.code, 0, result.stderr)
        return result.stdout
      }
      const id = /incident (\d+)/.exec(await cli(['incident', 'open', '--title', 'Commands time out', '--impact', 'major', '--message', 'Looking into it.']))![1]!
      await cli(['incident', 'update', id, '--status', 'identified', '--message', 'A bad deploy.'])
      await cli(['incident', 'update', id, '--status', 'monitoring', '--message', 'Rolled back.'])
      await cli(['incident', 'resolve', id, '--message', 'All good.'])
      await eventually('eight deliveries', 15_000, () => allSettled(context, 8))

      assert.deepEqual(discord.answered.map((r) => r.method), ['POST', 'PATCH', 'PATCH', 'PATCH'])
      assert.equal(discord.requests[0]!.query.get('wait'), 'true')
      assert.equal(discord.messages.size, 1, 'one message')
      const message = [...discord.messages.values()][0]!
      assert.equal(message.edits, 3)
      assert.equal(message.content, '<@&112233445566778899>', 'the role is mentioned once, on creation')
      assert.deepEqual(JSON.parse(discord.requests[0]!.body).allowed_mentions, { parse: [], roles: ['112233445566778899'] })
      const embed = message.embeds[0]!
      assert.equal(embed.title, 'Commands time out')
      assert.equal(embed.url, `https://status.example.com/status/incidents/${id}`)
      assert.equal(embed.description, 'All good.')
      assert.equal(embed.color, 0x2ecc71, 'green once resolved')
      assert.equal(embed.fields.find((f) => f.name === 'Status')!.value, 'Resolved')

      assert.deepEqual(webhook.rejected, [])
      assert.deepEqual(webhook.verified.map((m) => m.type), ['incident.opened', 'incident.updated', 'incident.updated', 'incident.resolved'])
      assert.equal(new Set(webhook.verified.map((m) => m.id)).size, 4, 'one webhook-id per event')
      assert.deepEqual(webhook.verified.map((m) => (m.data.update as { message: string }).message), ['Looking into it.', 'A bad deploy.', 'Rolled back.', 'All good.'])
      assert.equal(webhook.verified[0]!.data.links!.incident, `https://status.example.com/status/incidents/${id}`)

      await context.monitor.runOnce()
      const responses = await Promise.all(['/api/v1/health', '/api/v1/health/incidents', '/api/v1/readiness', '/api/v1/openapi.json', '/status', '/nope']
        .map(async (url) => { const r = await app.inject(url); return JSON.stringify(r.headers) + r.body }))
      assert.match(responses[0]!, /"status":"ok"/, 'the health body was read')
      const everything = logs.join('') + JSON.stringify(await deliveries(context)) + responses.join('')
      for (const secret of [discord.token, 'hook-secret-key', webhook.secret.slice(6)]) {
        assert.ok(!everything.includes(secret), `no secret in logs, rows or responses: ${secret}`)
      }
    })

    it('Discord: waits out a 429 as long as retry_after says, retries a 500 and a hang, creates a new message when the old one was deleted', async (t) => {
      const { context, discord, webhook } = await setup(t, await backend.env())
      const now = () => context.clock.now()
      const id = await openIncident(context.database.db, { title: 'x'.repeat(300), impact: 'critical', status: 'investigating', message: 'y'.repeat(5000) }, now())
      discord.script.push({ kind: 'rate-limited', retryAfterSeconds: 0.3 }, { kind: 'status', status: 500 }, { kind: 'hang' })
      context.start()
      await eventually('the message created', 10_000, async () => discord.messages.size === 1)
      const [limited, failed, hung, created] = discord.requests
      assert.equal(limited!.status, 429)
      assert.ok(failed!.at - limited!.at >= 300, `the retry came ${failed!.at - limited!.at} ms after the 429`)
      assert.equal(failed!.status, 500)
      assert.equal(hung!.status, undefined, 'never answered')
      assert.ok(created!.at - hung!.at >= 500, 'after the time limit')
      const embed = [...discord.messages.values()][0]!.embeds[0]!
      assert.ok(embed.title.length <= 256 && embed.title.endsWith('…'), 'cut to Discord\'s limits (the receiver refuses more)')

      discord.messages.clear() // someone deleted the message in Discord
      await updateIncident(context.database.db, id, { message: 'Still on it.' }, now())
      await eventually('a new message', 10_000, async () => discord.messages.size === 1)
      assert.deepEqual(discord.requests.slice(-2).map((r) => [r.method, r.status]), [['PATCH', 404], ['POST', 200]])
      await eventually('webhooks', 5000, async () => webhook.verified.length === 2)
    })

    it('Discord 404 (webhook deleted) is a permanent failure: not retried, shown with its reason', async (t) => {
      const { context, discord } = await setup(t, await backend.env())
      discord.script.push({ kind: 'status', status: 404, body: { message: 'Unknown Webhook', code: 10015 } })
      await openIncident(context.database.db, { title: 'Gone', impact: 'minor', status: 'investigating', message: 'm' }, context.clock.now())
      context.start()
      await eventually('failed', 10_000, async () => (await deliveries(context, 'failed')).length === 1)
      const [failed] = await deliveries(context, 'failed')
      assert.equal(failed!.last_error, 'discord webhook not found (404): it was deleted')
      assert.equal(failed!.attempts, 1)
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.equal(discord.requests.length, 1, 'not tried again')
    })

    it('a receiver down and back: everything arrives afterwards, in order per incident', async (t) => {
      const { context, discord, webhook } = await setup(t, await backend.env())
      await Promise.all([discord.close(), webhook.close()])
      context.start()
      const db = context.database.db
      let clock = context.clock.now()
      const a = await openIncident(db, { title: 'A', impact: 'minor', status: 'investigating', message: 'a1' }, clock++)
      const b = await openIncident(db, { title: 'B', impact: 'major', status: 'investigating', message: 'b1' }, clock++)
      await updateIncident(db, a, { message: 'a2' }, clock++)
      await updateIncident(db, b, { message: 'b2' }, clock++)
      await resolveIncident(db, a, 'a3', clock++)
      await updateIncident(db, b, { message: 'b3' }, clock)
      await eventually('several failed attempts', 10_000, async () => (await deliveries(context)).some((d) => d.attempts >= 3))
      const [down] = (await deliveries(context, 'pending')).filter((d) => d.attempts > 0)
      assert.match(down!.last_error ?? '', /^request failed \(ECONNREFUSED\)$/)
      await Promise.all([discord.listen(), webhook.listen()])
      await eventually('all twelve delivered', 15_000, async () => (await deliveries(context, 'delivered')).length === 12)
      const order = (subject: string) => webhook.verified.filter((m) => (m.data.incident as { title: string }).title === subject)
        .map((m) => (m.data.update as { message: string }).message)
      assert.deepEqual(order('A'), ['a1', 'a2', 'a3'])
      assert.deepEqual(order('B'), ['b1', 'b2', 'b3'])
      assert.equal(discord.messages.size, 2)
      assert.deepEqual([...discord.messages.values()].map((m) => [m.embeds[0]!.description, m.edits]).sort(), [['a3', 2], ['b3', 2]])
    })

    it('gives up after the retry window: failed, with the last error, and `notify retry` makes it pending again', async (t) => {
      const { context, webhook, discord, env } = await setup(t, await backend.env(), { ...FAST, retryWindowMs: 300 })
      webhook.script.push(...Array.from({ length: 100 }, () => ({ kind: 'status' as const, status: 500 })))
      await openIncident(context.database.db, { title: 'Flaky', impact: 'minor', status: 'investigating', message: 'm' }, context.clock.now())
      context.start()
      await eventually('failed', 30_000, async () => (await deliveries(context, 'failed')).length === 1)
      const [failed] = await deliveries(context, 'failed')
      assert.match(failed!.last_error!, /^http 500 \(gave up after \d+ attempts\)$/)
      webhook.script.length = 0
      const list = await runBinWith(env, ['notify', 'list', '--state', 'failed'])
      assert.equal(list.code, 0, list.stderr)
      assert.match(list.stdout, /incident\.opened/)
      assert.match(list.stdout, /http 500 \(gave up/)
      assert.ok(!list.stdout.includes('hook-secret-key') && !list.stdout.includes(discord.token), 'no URL or token')
      const retried = await runBinWith(env, ['notify', 'retry', String(failed!.id)])
      assert.equal(retried.code, 0, retried.stderr)
      await eventually('delivered after the retry', 30_000, async () => webhook.verified.length === 1)
      assert.equal((await runBinWith(env, ['notify', 'retry', '999999'])).code, 2)
    })
  })
}
