// A throwaway Prometheus (the machine's /usr/bin/prometheus) on a random loopback port, with a temp config and
// storage folder, scraping the given targets every second; and its HTTP query API.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { skipUnless, which } from './binaries.ts'
import { freePort } from './ports.ts'

export const prometheusBinary = which('prometheus')
export const promtoolBinary = which('promtool')

/** The skip reason when Prometheus (and promtool, from the same Debian package) is not installed. */
export function prometheusSkip (): string | undefined {
  return skipUnless(prometheusBinary !== undefined && promtoolBinary !== undefined, 'prometheus')
}

export interface Sample { metric: Record<string, string>, value: [number, string] }

export class Prometheus {
  readonly url: string
  readonly #child: ChildProcess
  readonly #dir: string
  #output = ''

  private constructor (url: string, child: ChildProcess, dir: string) {
    this.url = url
    this.#child = child
    this.#dir = dir
    const keep = (chunk: Buffer) => { this.#output = (this.#output + chunk.toString()).slice(-5000) }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
  }

  /** Starts Prometheus scraping `targets` (`host:port`, path /metrics) every second; resolves once it is ready. */
  static async start (targets: string[]): Promise<Prometheus> {
    const dir = mkdtempSync(path.join(tmpdir(), 'status-api-prometheus-'))
    const config = path.join(dir, 'prometheus.yml')
    writeFileSync(config, [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      '  - job_name: status-api',
      '    static_configs:',
      `      - targets: [${targets.map((target) => JSON.stringify(target)).join(', ')}]`,
      ''
    ].join('\n'))
    const port = await freePort()
    const child = spawn(prometheusBinary!, [
      `--config.file=${config}`, `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'
    ], { stdio: ['ignore', 'pipe', 'pipe'] })
    process.once('exit', () => child.kill('SIGKILL'))
    const prometheus = new Prometheus(`http://127.0.0.1:${port}`, child, dir)
    for (let attempt = 0; attempt < 300; attempt++) {
      if (child.exitCode !== null) break
      const ready = await fetch(`${prometheus.url}/-/ready`).then((r) => r.ok, () => false)
      if (ready) return prometheus
      await sleep(50)
    }
    await prometheus.stop()
    throw new Error(`prometheus did not start: ${prometheus.#output}`)
  }

  /** An instant query through the HTTP API (`/api/v1/query`). */
  async query (promql: string): Promise<Sample[]> {
    const response = await fetch(`${this.url}/api/v1/query?${new URLSearchParams({ query: promql })}`)
    const body = await response.json() as { status: string, error?: string, data?: { resultType: string, result: Sample[] } }
    if (body.status !== 'success') throw new Error(`prometheus query ${promql} failed: ${body.error}`)
    return body.data!.result
  }

  /** Queries until the answer has at least one sample (scrapes come every second), or gives up after `timeoutMs`. */
  async waitFor (promql: string, timeoutMs = 15_000): Promise<Sample[]> {
    const giveUpAt = Date.now() + timeoutMs
    for (;;) {
      const samples = await this.query(promql)
      if (samples.length > 0 || Date.now() > giveUpAt) return samples
      await sleep(200)
    }
  }

  /** Scrape health of every target as Prometheus sees it. */
  async targets (): Promise<Array<{ health: string, lastError: string, scrapeUrl: string }>> {
    const response = await fetch(`${this.url}/api/v1/targets`)
    const body = await response.json() as { data: { activeTargets: Array<{ health: string, lastError: string, scrapeUrl: string }> } }
    return body.data.activeTargets
  }

  get output (): string { return this.#output }

  async stop (): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      const exit = once(this.#child, 'exit')
      this.#child.kill('SIGTERM')
      await exit
    }
    rmSync(this.#dir, { recursive: true, force: true })
  }
}
