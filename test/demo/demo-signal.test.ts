// `status-api demo` as a real process: SIGTERM (and SIGINT, Ctrl-C) stops it and removes its temporary folder
// (issue 34), also when `npm run demo` is the one signalled; a taken port ends it with exit code 1 and no folder left,
// as `serve` does (issue 53).
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../services/ports.ts'

interface Demo { child: ChildProcess, temp: string, output: () => string, folders: () => string[] }

function startDemo (t: TestContext, command: string[], port: number): Demo {
  const temp = mkdtempSync(path.join(tmpdir(), 'status-api-demo-signal-'))
  t.after(() => rmSync(temp, { recursive: true, force: true }))
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, TMPDIR: temp, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  t.after(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') })
  return { child, temp, output: () => output, folders: () => readdirSync(temp).filter((name) => name.startsWith('status-api-demo-')) }
}

async function untilServing (demo: Demo): Promise<void> {
  for (let attempt = 0; attempt < 300 && !/status-api demo: http/.test(demo.output()); attempt++) await sleep(100)
  assert.match(demo.output(), /demo data in /, demo.output())
  assert.equal(demo.folders().length, 1, 'the demo\'s database folder, while it runs')
}

/** The pids of the processes whose command line names this temporary folder's demo (none once it has really ended). */
function demoProcessesGone (demo: Demo): Promise<boolean> {
  return new Promise((resolve) => {
    const ps = spawn('ps', ['-eo', 'pid=,args='], { stdio: ['ignore', 'pipe', 'ignore'] })
    let listing = ''
    ps.stdout.on('data', (chunk: Buffer) => { listing += chunk.toString() })
    ps.on('close', () => resolve(!listing.split('\n').some((line) => line.includes('main.ts demo') && line.includes(String(demo.child.pid)))))
  })
}

describe('the demo as a process', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`removes its temporary folder when stopped with ${signal}`, { timeout: 60_000 }, async (t) => {
      const demo = startDemo(t, [process.execPath, 'src/main.ts', 'demo'], await freePort())
      const exited = once(demo.child, 'exit')
      await untilServing(demo)
      demo.child.kill(signal)
      const [code] = await exited
      assert.equal(code, 0, demo.output())
      assert.deepEqual(demo.folders(), [], 'no folder left behind')
    })
  }

  it('ends, folder removed, when `npm run demo` gets SIGTERM (npm passes the signal to the demo itself)', { timeout: 60_000 }, async (t) => {
    const demo = startDemo(t, ['npm', 'run', '--silent', 'demo'], await freePort())
    const exited = once(demo.child, 'exit')
    await untilServing(demo)
    demo.child.kill('SIGTERM')
    await exited
    // npm answers the signal at once; the demo behind it shuts down gracefully within its 10 s.
    for (let attempt = 0; attempt < 120 && demo.folders().length > 0; attempt++) await sleep(100)
    assert.deepEqual(demo.folders(), [], `no folder left behind: ${demo.output()}`)
    assert.ok(await demoProcessesGone(demo), 'no demo process left running')
  })

  it('exits 1 with one line when its port is taken, and leaves no folder behind', { timeout: 60_000 }, async (t) => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    t.after(() => taken.close())
    const port = (taken.address() as { port: number }).port
    const demo = startDemo(t, [process.execPath, 'src/main.ts', 'demo'], port)
    const exited = once(demo.child, 'exit')
    // Without the fix it never exits: the stand-ins it started keep it alive (the test's timeout catches that).
    const [code] = await Promise.race([exited, sleep(45_000).then(() => ['still running'])])
    assert.equal(code, 1, demo.output())
    assert.match(demo.output(), /EADDRINUSE/)
    assert.deepEqual(demo.folders(), [], 'no folder left behind')
  })
})
