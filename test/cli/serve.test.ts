// The real `status-api` process: migrate, start on the embedded default, serve, and shut down on SIGTERM; help
// and unknown commands through the same dispatch in this process.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { tempDir } from '../helper.ts'
import { startApp } from '../services/app-process.ts'
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
