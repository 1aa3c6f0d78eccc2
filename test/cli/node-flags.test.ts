// The server runs with the same V8 flags however it is started: `node src/main.ts serve` (a container CMD),
// `node bin/status-api.js serve`, or with the flags already given. The process replaces itself, so the pid that was
// started is the server's: signals reach it and its exit code is the server's.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { describe, it } from 'node:test'
import { readFileSync } from 'node:fs'
import { MALLOC_ENV, NODE_FLAGS } from '../../src/node-flags.ts'
import { freePort } from '../services/ports.ts'
import { tempDir } from '../helper.ts'

interface Serving { child: ChildProcess, line: { pid: number, nodeFlags: string[] } }

/** Starts the server with `args` after `node`, and waits for its `serving` log line. */
async function serve (t: Parameters<typeof tempDir>[0], args: string[], env: Record<string, string> = {}): Promise<Serving> {
  const port = await freePort()
  const child = spawn(process.execPath, args, {
    env: { ...withoutMallocEnv(process.env), ...env, LOG_LEVEL: 'info', DATA_DIR: tempDir(t), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  t.after(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  let output = ''
  const line = await new Promise<Serving['line']>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const found = output.split('\n').find((candidate) => candidate.includes('"msg":"serving"'))
      if (found !== undefined) resolve(JSON.parse(found) as Serving['line'])
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code} before serving: ${output}`)))
    setTimeout(() => reject(new Error(`no "serving" log line within 15 s: ${output.slice(-2000)}`)), 15_000).unref()
  })
  return { child, line }
}

function withoutMallocEnv (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !(name in MALLOC_ENV)))
}

/** The environment the process with this pid runs with (Linux: /proc). */
function environmentOf (pid: number): Record<string, string> {
  return Object.fromEntries(readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').filter(Boolean).map((entry) => {
    const at = entry.indexOf('=')
    return [entry.slice(0, at), entry.slice(at + 1)]
  }))
}

const linux = process.platform === 'linux'

/** The server's process has every malloc setting of MALLOC_ENV. */
function assertMallocEnvironment (pid: number, message: string): void {
  const environment = environmentOf(pid)
  for (const [name, value] of Object.entries(MALLOC_ENV)) assert.equal(environment[name], value, `${message}: ${name}`)
}

/** SIGTERM, then the exit code, which must come within 10 s. */
async function stop (child: ChildProcess): Promise<number | null> {
  const exit = once(child, 'exit')
  child.kill('SIGTERM')
  const [code] = await Promise.race([exit, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no exit within 10 s')), 10_000))])
  return code as number | null
}

describe('the V8 flags, however the server is started', () => {
  for (const [how, args] of [['node src/main.ts serve', ['src/main.ts', 'serve']], ['node bin/status-api.js serve', ['bin/status-api.js', 'serve']]] as const) {
    it(`${how}: serves with ${NODE_FLAGS.join(' ')}, and SIGTERM exits 0`, async (t) => {
      const { child, line } = await serve(t, [...args])
      assert.deepEqual(line.nodeFlags, NODE_FLAGS)
      assert.equal(line.pid, child.pid, 'the process that was started became the server: no launcher stays behind')
      if (linux) assertMallocEnvironment(line.pid, 'glibc malloc limited to two arenas, its trim threshold pinned')
      assert.equal(await stop(child), 0)
    })
  }

  it('started with the flags, it serves in the same process', async (t) => {
    const { child, line } = await serve(t, [...NODE_FLAGS, 'src/main.ts', 'serve'])
    assert.deepEqual(line.nodeFlags, NODE_FLAGS)
    assert.equal(line.pid, child.pid)
    if (linux) assertMallocEnvironment(line.pid, 'relaunched for the malloc settings alone')
    assert.equal(await stop(child), 0)
  })

  it("an operator's own MALLOC_ARENA_MAX is kept", { skip: !linux && 'reads /proc' }, async (t) => {
    const { child, line } = await serve(t, ['bin/status-api.js', 'serve'], { MALLOC_ARENA_MAX: '4' })
    assert.deepEqual(line.nodeFlags, NODE_FLAGS)
    assert.equal(environmentOf(line.pid).MALLOC_ARENA_MAX, '4')
    assert.equal(environmentOf(line.pid).MALLOC_TRIM_THRESHOLD_, MALLOC_ENV.MALLOC_TRIM_THRESHOLD_, 'the other setting added')
    assert.equal(await stop(child), 0)
  })
})
