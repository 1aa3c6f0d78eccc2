// The real `status-api` process: migrate, start on the embedded default, serve, and shut down on SIGTERM; help
// and unknown commands through the same dispatch in this process.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { tempDir } from '../helper.ts'
import { startApp } from '../services/app-process.ts'
import { freePort } from '../services/ports.ts'
import { BIN, runCommandWith } from './run-bin.ts'

describe('status-api bin', () => {
  it('prints help for itself and each command', async () => {
    const overview = await runCommandWith({}, ['--help'])
    assert.equal(overview.code, 0)
    assert.match(overview.stdout, /serve/)
    assert.match(overview.stdout, /migrate/)
    for (const command of ['serve', 'migrate']) {
      const help = await runCommandWith({}, [command, '--help'])
      assert.equal(help.code, 0)
      assert.match(help.stdout, new RegExp(`status-api ${command}`))
    }
    const unknown = await runCommandWith({}, ['frobnicate'])
    assert.equal(unknown.code, 2)
  })

  it('prints the package version for --version and -v, and refuses unknown options with exit 2, starting nothing', { timeout: 120_000 }, async (t) => {
    const dir = tempDir(t)
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
    // A server started by mistake would keep running: the time limit ends it, and its status is then null, not 0 or 2.
    const run = async (args: string[]) => spawnSync(process.execPath, [BIN, ...args], {
      env: { ...process.env, DATA_DIR: dir, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 15_000
    })
    for (const flag of ['--version', '-v']) {
      const result = await run([flag])
      assert.equal(result.status, 0, `${flag}: ${result.stderr}`)
      assert.equal(result.stdout, `${version}\n`, flag)
    }
    for (const args of [['--bogus'], ['serve', '--bogus'], ['demo', '--bogus'], ['migrate', '--bogus']]) {
      const result = await run(args)
      assert.equal(result.status, 2, `${args.join(' ')} → ${result.status}: ${result.stderr}`)
      assert.equal(result.stdout, '', args.join(' '))
      const lines = result.stderr.split('\n').filter((line) => line !== '')
      assert.equal(lines.length, 1, result.stderr)
      assert.match(lines[0]!, /--bogus/, 'the line names the option')
    }
    assert.ok(!existsSync(path.join(dir, 'status.db')), 'no database was opened')
  })

  it('migrates an empty SQLite file (a child process) and says so; a second run has nothing to do', async (t) => {
    const dir = tempDir(t)
    const env = { ...process.env, DATA_DIR: dir }
    const first = spawnSync(process.execPath, [BIN, 'migrate'], { env, encoding: 'utf8' })
    assert.equal(first.status, 0, first.stderr)
    assert.match(first.stdout, /applied: 001-initial/)
    assert.ok(existsSync(path.join(dir, 'status.db')))
    const second = await runCommandWith({ DATA_DIR: dir }, ['migrate'])
    assert.match(second.stdout, /up to date/)
  })

  it('serves liveness on the embedded default and exits 0 on SIGTERM within 10 s', async (t) => {
    const app = await startApp({ DATA_DIR: tempDir(t) })
    t.after(() => app.stop('SIGKILL'))
    const alive = await fetch(`${app.url}/api/v1/liveness`)
    assert.equal(alive.status, 200)
    assert.deepEqual(await alive.json(), { status: 'alive' })
    assert.equal((await fetch(`${app.url}/api/v1/readiness`)).status, 200)

    const started = performance.now()
    assert.equal(await app.stop('SIGTERM'), 0)
    assert.ok(performance.now() - started < 10_000, 'exits within 10 s')
  })
})
