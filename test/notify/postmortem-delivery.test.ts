// A post-mortem is announced once, on SQLite and PostgreSQL (there by two replicas): a new Discord message linking to it
// (the incident's own message is not edited), one signed `incident.postmortem` webhook, and the followers of the
// incident's components (and those following everything) — however often it is replaced, withdrawn and published again.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { publishPostmortem, withdrawPostmortem } from '../../src/incidents/postmortems.ts'
import { openIncident, resolveIncident } from '../../src/incidents/writes.ts'
import { insertFollow } from '../../src/store/repositories/discord-follows.ts'
import { BOT_TOKEN, DiscordStandIn } from '../discord-commands/discord-stand-in.ts'
import { eventually } from '../fault/steady-load.ts'
import { buildTestApp, databaseBackends, tempDir, type TestApp } from '../helper.ts'
import { WebhookReceiver } from './receivers.ts'

const FAST = { pollMs: 20, timeoutMs: 1000, backoffBaseMs: 50, backoffMaxMs: 400, statusHoldMs: 600_000 }
const STATUS_FILE = `components:
  - { id: music, name: Music, check: { manual: true } }
  - { id: api, name: Public API, check: { manual: true } }
`

for (const backend of databaseBackends()) {
  describe(`post-mortem notifications on ${backend.name}`, { skip: backend.skip, timeout: 90_000 }, () => {
    it('one new message and one signed webhook, to the operator and to the followers of its components, once', async (t) => {
      const discord = await DiscordStandIn.start()
      const webhook = await WebhookReceiver.start()
      t.after(() => Promise.all([discord.close(), webhook.close()]))
      const operators = discord.addWebhook('1500000000000000999')
      const statusFile = path.join(tempDir(t), 'status.yaml')
      writeFileSync(statusFile, STATUS_FILE)
      const env = {
        ...await backend.env(), STATUS_FILE: statusFile, PUBLIC_BASE_URL: 'https://status.example.com', DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_API_BASE: discord.apiBase,
        NOTIFY_DISCORD_WEBHOOKS: operators.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret
      }
      const first = await buildTestApp(t, env, { notify: FAST })
      const replicas: TestApp[] = [first]
      // PostgreSQL: a second replica delivers from the same outbox; each delivery still goes out once.
      if (backend.name === 'postgres') replicas.push(await buildTestApp(t, env, { notify: FAST }))
      const { db } = first.context.database
      const follower = (channelId: string, components: string[]) => {
        const hook = discord.addWebhook(channelId)
        return insertFollow(db, { guildId: '1200000000000000777', channelId, webhookId: hook.id, webhookToken: hook.token, components, by: 'test', at: '2020-01-01T00:00:00.000Z' }).then(() => hook.id)
      }
      const music = await follower('1500000000000000001', ['music'])
      const api = await follower('1500000000000000002', ['api'])
      const everything = await follower('1500000000000000003', [])

      const now = Date.now()
      const id = await openIncident(db, { title: 'Music stops', impact: 'major', status: 'investigating', message: 'Looking.', components: [{ id: 'music' }] }, now - 5000)
      await resolveIncident(db, id, 'Fixed.', now - 4000)
      await publishPostmortem(db, id, '# What happened\n\nA node restarted.', now - 3000, 'ops')
      await publishPostmortem(db, id, '# What happened\n\nA node restarted; we added a check.', now - 2000, 'ops')
      await withdrawPostmortem(db, id)
      await publishPostmortem(db, id, '# What happened, again', now - 1000, 'ops')
      for (const replica of replicas) replica.context.start()

      await eventually('every delivery', 20_000, async () => webhook.verified.length >= 3 && discord.messages.size >= 5).catch(async (error: unknown) => {
        const rows = await db.selectFrom('notify_deliveries').selectAll().execute()
        throw new Error(`${String(error)}: ${webhook.verified.length} webhooks, ${discord.messages.size} messages, ${JSON.stringify(rows.map((r) => [r.target, r.state, r.last_error]))}, ${JSON.stringify(discord.executed.map((c) => [c.method, c.path.slice(0, 40)]))}`)
      })
      await new Promise((resolve) => setTimeout(resolve, 500)) // nothing more comes
      // Its own subject: it does not wait behind the incident's deliveries (in life it comes days later anyway).
      assert.deepEqual(webhook.verified.map((m) => m.type).sort(), ['incident.opened', 'incident.postmortem', 'incident.resolved'])
      const announced = webhook.verified.find((m) => m.type === 'incident.postmortem')!
      assert.equal(announced.data.links!.postmortem, `https://status.example.com/status/incidents/${id}#postmortem`)
      assert.equal(announced.data.links!.incident, `https://status.example.com/status/incidents/${id}`)
      assert.equal((announced.data.postmortem as { publishedAt: string }).publishedAt, new Date(now - 3000).toISOString())
      assert.deepEqual((announced.data.incident as { components: unknown }).components, [{ id: 'music', status: 'partial_outage' }])

      const byWebhook = (hookId: string) => [...discord.messages.values()].filter((message) => message.webhookId === hookId)
      for (const [name, hookId] of [['operator', operators.id], ['music follower', music], ['follower of everything', everything]] as const) {
        const messages = byWebhook(hookId)
        assert.equal(messages.length, 2, `${name}: the incident's message and a new one for the post-mortem`)
        const postmortem = messages.find((message) => message.body.embeds[0]!.title.startsWith('Post-mortem: '))!
        assert.equal(postmortem.edits, 0, `${name}: sent once`)
        assert.equal(postmortem.body.embeds[0]!.title, 'Post-mortem: Music stops')
        assert.equal((postmortem.body.embeds[0] as { url?: string }).url, `https://status.example.com/status/incidents/${id}#postmortem`)
        assert.equal(messages.find((message) => message !== postmortem)!.edits, 1, `${name}: the incident's message was edited once (resolved), not by the post-mortem`)
      }
      assert.deepEqual(byWebhook(api), [], 'a follower of other components gets nothing')
    })
  })
}
