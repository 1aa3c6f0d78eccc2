// `status-api check`: exit 0 against a ready instance, 1 against one that is not ready or not there, 2 on bad usage.
// The real bin once (the smoke test); the other cases run the same dispatch in this process.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helper.ts'
import { freePort } from '../services/ports.ts'
import { BIN, runCommandWith } from './run-bin.ts'

function checkProcess (...args: string[]): Promise<{ status: number | null, stdout: string }> {
  // Asynchronous, so the app in this process keeps answering while the child waits on it.
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'check', ...args], { encoding: 'utf8' }, (error, stdout) => {
      resolve({ status: error === null ? 0 : (error as { code?: number }).code ?? null, stdout })
    })
  })
}

async function check (...args: string[]): Promise<{ status: number | null, stdout: string }> {
  const { code, stdout } = await runCommandWith({}, ['check', ...args])
  return { status: code, stdout }
}

describe('status-api check', () => {
  it('exits 0 when the instance is ready (a child process), 1 when it is shutting down', async (t) => {
    const { app, context } = await buildTestApp(t)
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const ready = await checkProcess('--url', url)
    assert.equal(ready.status, 0)
    assert.equal(ready.stdout.trim(), '/api/v1/readiness: 200')
    context.readiness.markShuttingDown()
    assert.equal((await check('--url', url)).status, 1)
  })

  it('with --health, exits 1 before the first health check has finished and 0 after', async (t) => {
    const { app, context } = await buildTestApp(t)
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    assert.equal((await check('--url', url, '--health')).status, 1)
    await context.monitor.runOnce()
    assert.equal((await check('--url', url, '--health')).status, 0)
  })

  it('exits 1 when nothing answers, and 2 on bad usage', async () => {
    const nothing = await check('--url', `http://127.0.0.1:${await freePort()}`)
    assert.equal(nothing.status, 1)
    assert.match(nothing.stdout, /unreachable/)
    assert.equal((await check('--url', 'not a url')).status, 2)
    assert.equal((await check('--frob')).status, 2)
  })
})
