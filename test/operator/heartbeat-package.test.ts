// The heartbeat reporter as a bot gets it: `npm pack`, the tarball installed into an empty project, `status-api/heartbeat`
// imported from its node_modules by plain Node, reporting over HTTP to a running service; its shards appear on
// /api/v1/health/shards. A send to an instance that is away neither throws nor loses the reports.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { bundleIsCurrent } from '../../src/bundle/manifest.ts'
import { freePort } from '../services/ports.ts'
import { TOKENS, eventually, startOperatorProcess, type OperatorProcess } from './operator-process.ts'

const run = promisify(execFile)
const root = path.resolve('.')
/**
 * The npm running the tests (`npm test`), else the one on PATH; stopped after 4 minutes, so a stalled install fails
 * with what it printed instead of holding the file until the suite's limit.
 */
const npm = (args: string[], cwd: string) => {
  const options = { cwd, maxBuffer: 64 * 1024 * 1024, timeout: 240_000, killSignal: 'SIGKILL' as const }
  return process.env.npm_execpath?.endsWith('.js') === true
    ? run(process.execPath, [process.env.npm_execpath, ...args], options)
    : run('npm', args, options)
}

describe('status-api/heartbeat from an installed tarball', { timeout: 420_000 }, () => {
  let work: string
  let service: OperatorProcess
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'status-api-pack-'))
    service = await startOperatorProcess(mkdtempSync(path.join(work, 'service-')))
  })
  after(async () => {
    await service?.app.stop()
    rmSync(work, { recursive: true, force: true })
  })

  it('installs into an empty project and reports shards with plain Node, over HTTP', async () => {
    // `npm pack` runs `prepare` (npm run build) unless the bundle in dist/ is already the sources' own.
    const built = bundleIsCurrent(root) && existsSync(path.join(root, 'dist/heartbeat/bot/heartbeat-reporter.mjs'))
    const packed = await npm(['pack', '--pack-destination', work, '--silent', ...(built ? ['--ignore-scripts'] : [])], root)
    const tarball = path.join(work, packed.stdout.trim().split('\n').at(-1)!)
    assert.ok(existsSync(tarball), packed.stdout)

    const project = path.join(work, 'bot')
    mkdirSync(project)
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-bot', version: '1.0.0', private: true, type: 'module' }))
    await npm(['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], project)
    const installed = path.join(project, 'node_modules/status-api')
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'))
    const entry = path.join(installed, manifest.exports['./heartbeat'].default)
    assert.ok(existsSync(path.join(installed, manifest.exports['./heartbeat'].types)), 'the declarations are packed')
    const imports = [...readFileSync(entry, 'utf8').matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2])
    assert.ok(imports.every((specifier) => specifier!.startsWith('node:') || specifier!.startsWith('.')), `imports beyond Node: ${imports.join(', ')}`)

    const away = `http://127.0.0.1:${await freePort()}`
    writeFileSync(path.join(project, 'report.mjs'), `
import { openHeartbeatReporter, reportsFromDiscordJs } from 'status-api/heartbeat'
const errors = []
// Away first: the send fails, nothing is thrown, the reports wait for the next beat (sent to the same place).
const offline = openHeartbeatReporter({ url: ${JSON.stringify(away)}, token: ${JSON.stringify(TOKENS.bot)}, onError: (m) => errors.push(m) })
await offline.reportAll([{ shard: 9, status: 'ready' }])
await offline.close()
const reporter = openHeartbeatReporter({ url: process.argv[2], token: ${JSON.stringify(TOKENS.bot)}, onError: (m) => errors.push(m) })
const Status = { 0: 'Ready', 1: 'Connecting' }
const client = { ws: { shards: new Map([[0, { id: 0, status: 0, ping: 41 }], [1, { id: 1, status: 1, ping: -1 }]]) } }
await reporter.reportAll(reportsFromDiscordJs(client, Status, 0))
await reporter.report({ shard: 2, status: 'ready', pingMs: 38, cluster: 1 })
await reporter.close()
console.log(JSON.stringify(errors))
`)
    const reported = await run(process.execPath, ['report.mjs', service.operatorUrl], { cwd: project })
    const errors = JSON.parse(reported.stdout) as string[]
    assert.equal(errors.length, 1, reported.stdout)
    assert.match(errors[0]!, /cannot be reached \(ECONNREFUSED\)/)

    const shards = await eventually(() => fetch(`${service.app.url}/api/v1/health/shards`).then((r) => r.json()).catch(() => ({})) as Promise<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
      (body) => body.total === 3, 20_000)
    assert.equal(shards.connected, 2)
    assert.deepEqual(shards.clusters.map((c: { id: number, shards: Array<{ id: number }> }) => [c.id, c.shards.map((s) => s.id)]), [[0, [0, 1]], [1, [2]]])
  })
})
