// The "hostile variety" run of `npm run bench`: 20,000 distinct docs search queries, then 20,000 distinct Host headers
// across the documents built per base URL, as clients that never repeat themselves would send them; RSS sampled
// throughout. Every cache the service keeps must be bounded (in bytes, not only in entries) for RSS to stay flat.
import http from 'node:http'
import { readFileSync } from 'node:fs'

/** Real words of the docs (English and German), so that most queries find sections and their answers are full-sized. */
const WORDS = ['rate', 'limit', 'health', 'history', 'incident', 'maintenance', 'status', 'uptime', 'shard', 'discord',
  'webhook', 'feed', 'badge', 'metrics', 'cache', 'redis', 'postgres', 'sqlite', 'docker', 'backup', 'config', 'port',
  'proxy', 'compression', 'search', 'openapi', 'catalog', 'readiness', 'liveness', 'latency', 'error', 'problem',
  'notification', 'heartbeat', 'deploy', 'etag', 'header', 'token', 'component', 'region']

/** The documents that embed the request's origin (built per base URL when PUBLIC_BASE_URL is unset). */
const PER_HOST_PATHS = ['/api/v1/openapi.json', '/.well-known/api-catalog', '/llms.txt', '/status', '/docs/api',
  '/status/feed.atom', '/de/status/feed.rss', '/status/api/v2/summary.json', '/api/v1/health', '/de/docs/api']

export const HOSTILE_COUNT = 20_000

function rssMiB (pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
}

/** Sends every request (16 at a time, keep-alive); resolves to the count of non-2xx answers and errors. */
async function sendAll (url: string, requests: Array<{ path: string, host?: string }>): Promise<number> {
  const { hostname, port } = new URL(url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  let next = 0
  let failures = 0
  const worker = async () => {
    while (next < requests.length) {
      const { path, host } = requests[next++]!
      const status = await new Promise<number>((resolve) => {
        const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' }
        if (host !== undefined) headers.host = host
        http.get({ hostname, port, path, agent, headers }, (response) => {
          response.resume().on('end', () => resolve(response.statusCode ?? 0))
        }).on('error', () => resolve(0))
      })
      if (status < 200 || status >= 300) failures++
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  agent.destroy()
  return failures
}

/** 20,000 distinct queries, then 20,000 distinct hosts; RSS before, between the two, at its peak (sampled every 100 ms) and after. */
export async function hostileVariety (url: string, pid: number): Promise<{ before: number, afterQueries: number, peak: number, after: number, failures: number, queriesPerSecond: number, hostsPerSecond: number }> {
  const before = rssMiB(pid)
  let peak = before
  const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(pid)) }, 100)
  const queries = Array.from({ length: HOSTILE_COUNT }, (_, i) => {
    const words = [WORDS[i % WORDS.length]!, WORDS[Math.floor(i / WORDS.length) % WORDS.length]!, WORDS[Math.floor(i / WORDS.length ** 2) % WORDS.length]!]
    const locale = i % 3 === 2 ? '/de' : ''
    return { path: `${locale}/docs/api/search?q=${encodeURIComponent(words.join(' '))}&limit=${1 + (i % 20)}` }
  })
  const hosts = Array.from({ length: HOSTILE_COUNT }, (_, i) => ({ path: PER_HOST_PATHS[i % PER_HOST_PATHS.length]!, host: `h${i}.example.test` }))
  // Each of these answers is a body made for one request and compressed on its first (and only) send: the rate is its cost.
  let started = performance.now()
  let failures = await sendAll(url, queries)
  const queriesPerSecond = HOSTILE_COUNT / ((performance.now() - started) / 1000)
  const afterQueries = rssMiB(pid)
  started = performance.now()
  failures += await sendAll(url, hosts)
  const hostsPerSecond = HOSTILE_COUNT / ((performance.now() - started) / 1000)
  clearInterval(sampler)
  peak = Math.max(peak, rssMiB(pid))
  return { before, afterQueries, peak, after: rssMiB(pid), failures, queriesPerSecond, hostsPerSecond }
}
