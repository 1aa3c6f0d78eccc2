// A throwaway redis-server on a random loopback port; it can be stopped and started again on the same port.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { skipUnless, which } from './binaries.ts'
import { freePort } from './ports.ts'

const binary = which('redis-server')
export const redisSkip = () => skipUnless(binary !== undefined, 'Redis (redis-server)')

export class RedisServer {
  readonly port: number
  readonly dir: string
  #child: ChildProcess | undefined

  constructor (port: number, dir: string) {
    this.port = port
    this.dir = dir
  }

  get url (): string {
    return `redis://127.0.0.1:${this.port}`
  }

  async start (): Promise<void> {
    const child = spawn(binary!, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { stdio: 'ignore' })
    this.#child = child
    for (let attempt = 0; attempt < 100; attempt++) {
      const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      client.on('error', () => {})
      try {
        await client.connect()
        await client.ping()
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50))
      } finally {
        client.disconnect()
      }
    }
    throw new Error('redis-server did not start')
  }

  async stop (signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.#child
    if (child === undefined || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
    this.#child = undefined
  }

  /** Freezes the server without closing its sockets: the "hanging peer" case. */
  pause (): void { this.#child?.kill('SIGSTOP') }
  resume (): void { this.#child?.kill('SIGCONT') }

  /** For process exit: no waiting, the server must not outlive the tests. */
  killNow (): void {
    this.#child?.kill('SIGKILL')
  }

  async destroy (): Promise<void> {
    this.resume()
    await this.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

export async function startRedis (): Promise<RedisServer> {
  const server = new RedisServer(await freePort(), mkdtempSync(path.join(tmpdir(), 'status-api-redis-')))
  await server.start()
  process.once('exit', () => server.killNow())
  return server
}
