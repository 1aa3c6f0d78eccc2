// The CLI's write commands on a remote instance (--url/STATUS_API_URL, --token/STATUS_API_TOKEN) with no database
// settings: end to end on SQLite, and on PostgreSQL with two replicas (a change through one shows on the other within
// 15 s). Errors name the cause: unreachable, 401, 403, or the 400's detail.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { runBinWith, type BinResult } from '../cli/run-bin.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'
import { freePort } from '../services/ports.ts'
import { TOKENS, eventually, startOperatorProcess, type OperatorProcess } from './operator-process.ts'

/** The CLI somewhere else: a working folder with no database in it, DATABASE_URL empty, the remote in the environment. */
function remoteCli (url: string, token: string) {
  const nowhere = mkdtempSync(path.join(tmpdir(), 'status-api-laptop-'))
  return {
    run: (args: string[], vars: Record<string, string> = {}): Promise<BinResult> =>
      runBinWith({ DATA_DIR: path.join(nowhere, 'no-database-here'), DATABASE_URL: '', STATUS_FILE: '', STATUS_API_URL: url, STATUS_API_TOKEN: token, ...vars }, args),
    cleanup: () => rmSync(nowhere, { recursive: true, force: true })
  }
}

const ok = (result: BinResult) => {
  assert.equal(result.code, 0, result.stderr)
  return result.stdout
}

const publicJson = async (service: OperatorProcess, pathname: string) => (await fetch(`${service.app.url}${pathname}`)).json() as Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the remote CLI on SQLite', { timeout: 240_000 }, () => {
  let service: OperatorProcess
  let dir: string
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-remote-'))
    service = await startOperatorProcess(dir)
  })
  after(async () => {
    await service?.app.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('opens, updates, resolves and lists incidents, schedules and ends maintenance, sets components and reports heartbeats', async () => {
    const cli = remoteCli(service.operatorUrl, TOKENS.ops)
    try {
      assert.match(ok(await cli.run(['incident', 'open', '--title', 'Music stutters', '--impact', 'minor', '--message', 'Looking.', '--component', 'music'])), /^incident 1 opened \(minor, investigating\)$/m)
      assert.match(ok(await cli.run(['incident', 'update', '1', '--status', 'monitoring', '--message', 'Fixed, watching.'])), /^incident 1 updated \(monitoring\)$/m)
      const listed = ok(await cli.run(['incident', 'list']))
      assert.match(listed, /^ID\s+STATUS\s+IMPACT\s+STARTED\s+RESOLVED\s+COMPONENTS\s+BY\s+TITLE/m)
      assert.match(listed, /^1\s+monitoring\s+minor\s+\S+\s+-\s+music=degraded_performance\s+ops\s+Music stutters$/m)
      assert.match(ok(await cli.run(['incident', 'resolve', '1'])), /^incident 1 resolved$/m)
      assert.match(ok(await cli.run(['maintenance', 'schedule', '--title', 'Upgrade', '--message', 'Brief.', '--from', '+1h', '--to', '+2h', '--component', 'api'])), /^maintenance 1 scheduled from \S+ to \S+$/m)
      assert.match(ok(await cli.run(['maintenance', 'list'])), /^1\s+scheduled\s+\S+\s+\S+\s+api\s+ops\s+Upgrade$/m)
      assert.match(ok(await cli.run(['maintenance', 'end', '1'])), /^maintenance 1 cancelled \(it had not started\)$/m)
      assert.match(ok(await cli.run(['component', 'set', 'music', 'major_outage', '--message', 'Down.'])), /^component music: major_outage \(set by ops\)$/m)
      // --url and --token on the command line win over the environment.
      assert.match(ok(await cli.run(['heartbeat', '--shard', '3', '--status', 'ready', '--ping', '41', '--url', service.operatorUrl, '--token', TOKENS.bot], { STATUS_API_TOKEN: 'unused' })), /^shard 3: ready$/m)
      const components = await eventually(() => publicJson(service, '/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'music')?.status === 'major_outage', 15_000)
      assert.equal(components.indicator, 'critical')
      await eventually(() => publicJson(service, '/api/v1/health/shards').catch(() => ({})), (body) => body.total === 4, 20_000)
      assert.match(ok(await cli.run(['component', 'clear', 'music'])), /^component music: operational \(cleared by ops\)$/m)
      assert.match(ok(await cli.run(['push', 'reminders', '--status', 'down', '--latency', '1200', '--message', 'The worker crashed.'])), /^reminders: down \(1200 ms\)$/m)
      await eventually(() => publicJson(service, '/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'reminders')?.status === 'major_outage', 15_000)
    } finally {
      cli.cleanup()
    }
  })

  it('names the cause of a failure: the 400\'s detail (exit 2), 401, 403, an unreachable instance, a missing token', async () => {
    const cli = remoteCli(service.operatorUrl, TOKENS.ops)
    try {
      const refused = await cli.run(['incident', 'open', '--title', 'x', '--impact', 'huge', '--message', 'm'])
      assert.equal(refused.code, 2)
      assert.equal(refused.stderr.trim(), 'status-api: incident open: impact must be one of none, minor, major, critical (got "huge")')
      const unknown = await cli.run(['incident', 'list'], { STATUS_API_TOKEN: 'x'.repeat(40) })
      assert.equal(unknown.code, 1)
      assert.match(unknown.stderr, /the token was refused \(401\)/)
      const scope = await cli.run(['incident', 'list'], { STATUS_API_TOKEN: TOKENS.bot })
      assert.match(scope.stderr, /the token may not do this \(403\): .*incidents scope/)
      const closed = `http://127.0.0.1:${await freePort()}`
      const away = await cli.run(['maintenance', 'list', '--url', closed])
      assert.equal(away.code, 1)
      assert.match(away.stderr, /cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/)
      const tokenless = await cli.run(['incident', 'list'], { STATUS_API_TOKEN: '' })
      assert.equal(tokenless.code, 2)
      assert.match(tokenless.stderr, /needs a token: --token TOKEN or STATUS_API_TOKEN/)
      for (const result of [refused, unknown, scope, away, tokenless]) assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr)
      assert.ok(![refused, unknown, scope].some((result) => result.stderr.includes('x'.repeat(40)) || result.stderr.includes(TOKENS.bot)), 'no token echoed')
    } finally {
      cli.cleanup()
    }
  })
})

describe('the remote CLI on PostgreSQL with two replicas', { skip: postgresSkip(), timeout: 240_000 }, () => {
  const replicas: OperatorProcess[] = []
  const dirs: string[] = []
  before(async () => {
    const databaseUrl = await (await sharedPostgres()).createDatabase()
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'status-api-replica-'))
      dirs.push(dir)
      replicas.push(await startOperatorProcess(dir, { DATABASE_URL: databaseUrl }))
    }
  })
  after(async () => {
    await Promise.all(replicas.map((replica) => replica.app.stop()))
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('a change through one replica shows on the other\'s public API within 15 s', async () => {
    const [first, second] = replicas as [OperatorProcess, OperatorProcess]
    const cli = remoteCli(first.operatorUrl, TOKENS.ops)
    try {
      assert.match(ok(await cli.run(['incident', 'open', '--title', 'Gateway trouble', '--impact', 'major', '--message', 'Reconnecting.', '--component', 'music'])), /^incident \d+ opened/m)
      assert.match(ok(await cli.run(['component', 'set', 'api', 'degraded_performance'])), /^component api: degraded_performance \(set by ops\)$/m)
      assert.match(ok(await cli.run(['heartbeat', '--shard', '0', '--status', 'ready', '--ping', '30'], { STATUS_API_TOKEN: TOKENS.bot })), /^shard 0: ready$/m)
      const started = Date.now()
      const incidents = await eventually(() => publicJson(second, '/api/v1/health/incidents'), (body) => body.incidents.length === 1, 15_000)
      assert.equal(incidents.incidents[0].title, 'Gateway trouble')
      const components = await eventually(() => publicJson(second, '/api/v1/health/components'),
        (body) => body.components.find((c: { id: string }) => c.id === 'api')?.status === 'degraded_performance', 15_000)
      assert.equal(components.components.find((c: { id: string }) => c.id === 'music').status, 'partial_outage')
      console.log(`# seen on the other replica after ${Date.now() - started} ms`)
      // The same through the second replica's operator port, listed by the first's.
      const viaSecond = remoteCli(second.operatorUrl, TOKENS.ci)
      try {
        assert.match(ok(await viaSecond.run(['maintenance', 'schedule', '--title', 'Upgrade', '--message', 'Brief.', '--from', 'now', '--to', '+1h'])), /^maintenance \d+ scheduled/m)
      } finally {
        viaSecond.cleanup()
      }
      assert.match(ok(await cli.run(['maintenance', 'list'])), /\bactive\b.*\bci\s+Upgrade$/m)
    } finally {
      cli.cleanup()
    }
  })
})
