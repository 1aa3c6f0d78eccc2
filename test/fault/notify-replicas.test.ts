// Three `status-api serve` processes on one PostgreSQL deliver notifications to loopback receivers: every event once
// per target, counted at the receivers; a replica SIGKILLed while its request is held does not lose the event
// (another delivers it after the lease, with the same webhook-id); no secret in any replica's output. Also measures
// the delivery latency from the write to the receiver.
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { openIncident, updateIncident } from '../../src/incidents/writes.ts'
import type { Tables } from '../../src/store/tables.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { postgresSkip, startPostgres, type PostgresServer } from '../services/postgres.ts'
import { startTogether } from '../services/start-together.ts'
import { DiscordReceiver, WebhookReceiver } from '../notify/receivers.ts'
import { eventually } from './steady-load.ts'
import { runBinWith } from '../cli/run-bin.ts'

/** The pid of the process (among `pids`) whose TCP socket has local port `port`, from /proc. */
function pidOfLocalPort (port: number, pids: number[]): number | undefined {
  const inodes = new Set<string>()
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try { text = readFileSync(file, 'utf8') } catch { continue }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields.length > 9 && parseInt(fields[1]!.split(':')[1]!, 16) === port) inodes.add(fields[9]!)
    }
  }
  for (const pid of pids) {
    let fds: string[]
    try { fds = readdirSync(`/proc/${pid}/fd`) } catch { continue }
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`)
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1]
        if (inode !== undefined && inodes.has(inode)) return pid
      } catch { /* closed meanwhile */ }
    }
  }
  return undefined
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)]!

describe('notifications from three replicas on one PostgreSQL', { skip: postgresSkip() }, () => {
  let postgres: PostgresServer
  let databaseUrl: string
  let discord: DiscordReceiver
  let webhook: WebhookReceiver
  let replicas: AppProcess[]

  // Not spawnSync: the receivers live in this process and must keep answering while the CLI runs.
  const cli = async (args: string[]) => {
    const result = await runBinWith({ DATABASE_URL: databaseUrl }, args)
    assert.equal(result.code, 0, result.stderr)
    return result.stdout
  }

  before(async () => {
    ;[postgres, discord, webhook] = await startTogether(startPostgres(), DiscordReceiver.start(), WebhookReceiver.start())
    databaseUrl = await postgres.createDatabase()
    const env = {
      DATABASE_URL: databaseUrl, PUBLIC_BASE_URL: 'https://status.example.com', PROBE_INTERVAL_SECONDS: '1', LOG_LEVEL: 'info',
      NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret, NOTIFY_TIMEOUT_SECONDS: '2'
    }
    replicas = [await startApp(env)] // the first migrates; the others start on the migrated schema
    replicas.push(...await startTogether(startApp(env), startApp(env)))
  })

  after(async () => {
    await Promise.all((replicas ?? []).map((r) => r.stop('SIGKILL')))
    await Promise.all([discord?.close(), webhook?.close()])
    postgres?.destroy()
  })

  it('deliver every event once per target, whichever replica takes it', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push(/incident (\d+)/.exec(await cli(['incident', 'open', '--title', `Replica test ${i}`, '--impact', 'minor', '--message', 'opened']))![1]!)
    for (const id of ids) await cli(['incident', 'update', id, '--message', 'update'])
    for (const id of ids) await cli(['incident', 'resolve', id])
    await eventually('nine signed webhooks and nine Discord calls', 20_000, async () => webhook.verified.length >= 9 && discord.answered.length >= 9)
    await new Promise((resolve) => setTimeout(resolve, 2000)) // a duplicate would show up by now
    assert.equal(webhook.verified.length, 9, 'each event once: ' + webhook.verified.map((m) => m.id).join(' ') + '\n' + replicas.map((r) => r.output).join('\n'))
    assert.equal(new Set(webhook.verified.map((m) => m.id)).size, 9)
    assert.deepEqual(discord.answered.map((r) => r.method).sort(), [...Array(3).fill('PATCH'), ...Array(3).fill('PATCH'), ...Array(3).fill('POST')].sort())
    assert.equal(discord.messages.size, 3)
    assert.ok([...discord.messages.values()].every((m) => m.edits === 2 && m.embeds[0]!.fields[0]!.value === 'Resolved'))
  })

  it('still deliver an event whose replica was SIGKILLed in the middle of sending it', async () => {
    webhook.script.push({ kind: 'hold' })
    const held = webhook.held()
    const id = /incident (\d+)/.exec(await cli(['incident', 'open', '--title', 'Killed mid-delivery', '--impact', 'major', '--message', 'opened']))![1]!
    const request = await held
    // The same replica may be sending the Discord message side by side: let it record that one first (a kill in
    // between would make the other replica post it again, as a second message).
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    try {
      await eventually('the Discord delivery recorded', 10_000, async () => (await db.query(
        "select 1 from notify_deliveries where subject = $1 and target like 'discord:%' and state = 'delivered'", [`incident:${id}`])).rowCount === 1)
    } finally {
      await db.end()
    }
    const pid = pidOfLocalPort(request.remotePort, replicas.map((r) => r.child.pid!))
    assert.ok(pid !== undefined, 'found the replica that sends it')
    const victim = replicas.find((r) => r.child.pid === pid)!
    await victim.stop('SIGKILL')
    // Released before the receiver notices the dead connection, the held request would be answered (and counted as
    // received) as if its sender were alive.
    await eventually('the killed replica\'s connection seen closed', 5_000, async () => request.connectionClosed())
    webhook.release()
    const took = await eventually('the event from another replica', 15_000, async () =>
      webhook.verified.some((m) => (m.data.incident as { id: number }).id === Number(id)))
    console.log(`# after the SIGKILL, another replica delivered the event ${took.toFixed(0)} ms later (lease: 3 × 2 s)`)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const copies = webhook.requests.filter((r) => r.headers['webhook-id'] === request.headers['webhook-id'])
    assert.ok(copies.length === 2, `sent twice with the same webhook-id (the held one and the retry): ${copies.length}`)
    assert.equal(webhook.verified.filter((m) => m.id === request.headers['webhook-id']).length, 1, 'received once')
    assert.equal(discord.requests.filter((r) => r.method === 'POST' && JSON.parse(r.body).embeds[0].title === 'Killed mid-delivery').length, 1, 'Discord once')
    replicas = replicas.filter((r) => r !== victim)
  })

  it('deliver within about a second of the write (latency, write → receiver)', async () => {
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }) })
    try {
      const before = webhook.verified.length
      const id = await openIncident(db, { title: 'Latency', impact: 'minor', status: 'investigating', message: 'u0' }, Date.now())
      for (let i = 1; i < 40; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 100))
        await updateIncident(db, id, { message: `u${i}` }, Date.now())
      }
      await eventually('forty webhooks', 20_000, async () => webhook.verified.length >= before + 40)
      const latencies = webhook.verified.slice(before).map((m) => m.at - Date.parse(m.timestamp)).sort((a, b) => a - b)
      const discordLatencies = discord.answered.filter((r) => r.method === 'PATCH' && /"u\d+"/.test(r.body))
        .map((r) => r.at - Date.parse(JSON.parse(r.body).embeds[0].timestamp)).sort((a, b) => a - b)
      console.log(`# delivery latency, write → receiver, two replicas polling every 1 s: webhook p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (n=${latencies.length}); ` +
        `Discord edits p50 ${percentile(discordLatencies, 50)} ms, p99 ${percentile(discordLatencies, 99)} ms (n=${discordLatencies.length})`)
      assert.ok(percentile(latencies, 50) < 3000)
    } finally {
      await db.destroy()
    }
  })

  it('never write a webhook URL, token or secret to their output', () => {
    const output = replicas.map((r) => r.output).join('\n')
    assert.match(output, /notifications: delivering/, 'the output is captured')
    for (const secret of [discord.token, 'hook-secret-key', webhook.secret.slice(6)]) assert.ok(!output.includes(secret))
  })
})
