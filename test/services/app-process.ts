// Real `status-api serve` processes for fault and multi-replica tests: start, wait for liveness, signal, kill.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { NODE_FLAGS, serverEnvironment } from '../../src/node-flags.ts'
import { freePort } from './ports.ts'

const BIN = path.resolve('bin/status-api.js')

export class AppProcess {
  readonly url: string
  readonly child: ChildProcess
  #output = ''

  constructor (url: string, child: ChildProcess) {
    this.url = url
    this.child = child
    const keep = (chunk: Buffer) => { this.#output = (this.#output + chunk.toString()).slice(-10_000) }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
  }

  /** What the process wrote (its log lines and any crash; the last 10 kB), for failure messages. */
  get output (): string { return this.#output }

  get exited (): boolean { return this.child.exitCode !== null || this.child.signalCode !== null }

  async stop (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.exited) return this.child.exitCode
    const exit = once(this.child, 'exit')
    this.child.kill(signal)
    const [code] = await exit
    return code as number | null
  }
}

/** Starts `status-api serve` with the given environment on a free port and waits until liveness answers (about 10 s, or `attempts` × 50 ms). */
export async function startApp (env: Record<string, string>, attempts = 200): Promise<AppProcess> {
  const port = await freePort()
  // Started with the V8 flags and malloc setting, as the bin would relaunch itself: one process, so SIGKILL really kills the service.
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'serve'], {
    env: serverEnvironment({ ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const app = new AppProcess(`http://127.0.0.1:${port}`, child)
  process.once('exit', () => child.kill('SIGKILL'))
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (app.exited) throw new Error(`status-api exited at start: ${app.output}`)
    const alive = await fetch(`${app.url}/api/v1/liveness`).then((r) => r.ok, () => false)
    if (alive) return app
    await sleep(50)
  }
  child.kill('SIGKILL')
  throw new Error(`status-api did not start: ${app.output}`)
}
