// The "allocations per request" figure of `npm run bench`: per endpoint, plain and br, the heap bytes the service
// allocates per request against the bytes it sends (status line, headers and body). A route that sends bytes encoded
// once allocates what any request costs (routing, headers, the reply) whatever its body's size; one that serialised,
// encoded or compressed per request would allocate at least its body again. The service counts (bench/alloc-probe.ts).
import http from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

export const ALLOC_REQUESTS = 2000
const WARM_UP = 50

export interface AllocationRow { path: string, coding: 'identity' | 'br', bodyBytes: number, sentBytes: number, allocatedPerRequest: number }

/** Heap bytes the service allocated since the last call (it answers SIGUSR2 with a line in `file`). */
async function allocatedSinceLast (pid: number, file: string): Promise<number> {
  const lines = () => existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []
  const before = lines().length
  process.kill(pid, 'SIGUSR2')
  for (;;) {
    const now = lines()
    if (now.length > before) return (JSON.parse(now.at(-1)!) as { allocated: number }).allocated
    await sleep(5)
  }
}

/** Sends `count` requests, 16 at a time on kept-alive sockets; the bytes of the last answer (head and body). */
async function drive (url: string, path: string, headers: Record<string, string>, count: number): Promise<{ body: number, head: number }> {
  const { hostname, port } = new URL(url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  let sent = 0
  let last = { body: 0, head: 0 }
  const worker = async () => {
    while (sent++ < count) {
      last = await new Promise((resolve, reject) => {
        http.get({ hostname, port, path, agent, headers }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`))
          let body = 0
          // The status line, each header line (name, ": ", value, CRLF: two more bytes after each part), the blank line.
          const head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2 +
            response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0)
          response.on('data', (chunk: Buffer) => { body += chunk.length }).on('end', () => resolve({ body, head }))
        }).on('error', reject)
      })
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  agent.destroy()
  return last
}

/** Each endpoint in each coding: warmed up, then ALLOC_REQUESTS requests between two readings of the service's count. */
export async function allocationsPerRequest (url: string, pid: number, file: string, paths: string[]): Promise<{ rows: AllocationRow[], idlePerSecond: number }> {
  await allocatedSinceLast(pid, file)
  await sleep(1000)
  const idlePerSecond = await allocatedSinceLast(pid, file)
  const rows: AllocationRow[] = []
  for (const path of paths) {
    for (const coding of ['identity', 'br'] as const) {
      const headers: Record<string, string> = coding === 'br' ? { 'accept-encoding': 'br' } : {}
      await drive(url, path, headers, WARM_UP)
      await allocatedSinceLast(pid, file)
      const { body, head } = await drive(url, path, headers, ALLOC_REQUESTS)
      const allocated = await allocatedSinceLast(pid, file)
      rows.push({ path, coding, bodyBytes: body, sentBytes: head + body, allocatedPerRequest: allocated / ALLOC_REQUESTS })
    }
  }
  return { rows, idlePerSecond }
}

export function printAllocations ({ rows, idlePerSecond }: { rows: AllocationRow[], idlePerSecond: number }): void {
  console.log(`\n### Heap allocated per request (${ALLOC_REQUESTS} requests per row, 16 at a time; idle: ${(idlePerSecond / 1024).toFixed(0)} KiB/s)\n`)
  console.log('| endpoint | coding | body bytes | bytes sent | heap allocated per request | allocated ÷ sent |')
  console.log('|---|---|---:|---:|---:|---:|')
  for (const row of rows) {
    console.log(`| ${row.path} | ${row.coding} | ${row.bodyBytes} | ${row.sentBytes} | ${row.allocatedPerRequest.toFixed(0)} | ${(row.allocatedPerRequest / row.sentBytes).toFixed(2)} |`)
  }
}
