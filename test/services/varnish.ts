// A throwaway Varnish (Debian's varnishd with vmod xkey from varnish-modules) on loopback, running a given VCL in the
// foreground with its own working folder; its shared-memory log is read with varnishlog/varnishadm when a test asks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { skipUnless, which } from './binaries.ts'
import { freePort } from './ports.ts'

const varnishd = which('varnishd') ?? (existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : undefined)
const XKEY = ['/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so', '/usr/lib/aarch64-linux-gnu/varnish/vmods/libvmod_xkey.so',
  '/usr/lib/varnish/vmods/libvmod_xkey.so']

export const varnishSkip = () => skipUnless(varnishd !== undefined && XKEY.some((file) => existsSync(file)), 'Varnish with vmod xkey (varnish, varnish-modules)')

export class VarnishServer {
  readonly port: number
  readonly dir: string
  #child: ChildProcess | undefined
  #output = ''

  constructor (port: number, dir: string) {
    this.port = port
    this.dir = dir
  }

  get url (): string { return `http://127.0.0.1:${this.port}` }

  get output (): string { return this.#output }

  async start (vcl: string, parameters: Record<string, string> = {}): Promise<void> {
    const file = path.join(this.dir, 'edge.vcl')
    // Started as root, varnishd reads the VCL as its own unprivileged user.
    chmodSync(this.dir, 0o755)
    writeFileSync(file, vcl, { mode: 0o644 })
    const params = Object.entries(parameters).flatMap(([name, value]) => ['-p', `${name}=${value}`])
    const child = spawn(varnishd!, ['-F', '-n', path.join(this.dir, 'work'), '-a', `127.0.0.1:${this.port}`, '-T', '127.0.0.1:0', '-f', file,
      '-s', 'malloc,64m', '-p', 'vcc_allow_inline_c=off', ...params], { stdio: ['ignore', 'pipe', 'pipe'] })
    const keep = (chunk: Buffer) => { this.#output = (this.#output + chunk.toString()).slice(-10_000) }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    this.#child = child
    for (let attempt = 0; attempt < 200; attempt++) {
      if (child.exitCode !== null) throw new Error(`varnishd exited: ${this.#output}`)
      const up = await fetch(`${this.url}/api/v1/liveness`, { signal: AbortSignal.timeout(500) }).then(() => true, () => false)
      if (up) return
      await sleep(50)
    }
    throw new Error(`varnishd did not start: ${this.#output}`)
  }

  /** A varnishd parameter as it runs (seconds for the timeouts). */
  parameter (name: string): string {
    const result = spawnSync('varnishadm', ['-n', path.join(this.dir, 'work'), 'param.show', name], { encoding: 'utf8' })
    return /Value is:\s*(\S+)/.exec(result.stdout)?.[1] ?? ''
  }

  killNow (): void {
    this.#child?.kill('SIGKILL')
  }

  async destroy (): Promise<void> {
    const child = this.#child
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, sleep(3000)])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** A Varnish on a free port, not started yet (the origin may need to know where to send purges first). */
export async function varnishOnFreePort (): Promise<VarnishServer> {
  const server = new VarnishServer(await freePort(), mkdtempSync(path.join(tmpdir(), 'status-api-varnish-')))
  process.once('exit', () => server.killNow())
  return server
}

export async function startVarnish (vcl: string, parameters?: Record<string, string>): Promise<VarnishServer> {
  const server = await varnishOnFreePort()
  await server.start(vcl, parameters)
  return server
}
