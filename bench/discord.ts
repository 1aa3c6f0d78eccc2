// Load on GET /api/v1/health/discord with a warm cache, against a bare node:http server sending the same
// bytes, measured in the same run; also counts upstream requests (one per minute at most, however busy).
// Rounds alternate between the two servers and the best of each is kept, to damp a busy machine's noise.
// Run: node bench/discord.ts [seconds per round=1] [concurrency=32] [rounds=3]
import { Agent, createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openContext } from '../src/context.ts'
import { StatuspageServer } from '../test/platform/statuspage-server.ts'

const seconds = Number(process.argv[2] ?? 1)
const concurrency = Number(process.argv[3] ?? 32)
const rounds = Number(process.argv[4] ?? 3)

function get (agent: Agent, port: number, path: string): Promise<{ status: number, body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ agent, host: '127.0.0.1', port, path }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }))
    }).on('error', reject).end()
  })
}

/** Requests per second over `seconds`, `concurrency` keep-alive connections each looping. */
async function load (port: number, path: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const until = performance.now() + seconds * 1000
  let done = 0
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const { status } = await get(agent, port, path)
      if (status !== 200) throw new Error(`status ${status}`)
      done++
    }
  }))
  agent.destroy()
  return done / seconds
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))

const upstream = await StatuspageServer.start()
upstream.serve({ kind: 'fixture', name: 'major-outage' })
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/status-api-bench', RATE_LIMIT_PER_MINUTE: '0', DISCORD_STATUS_URL: upstream.url })
const context = await openContext(config, { migrate: true })
const app = await buildApp(context)
await app.listen({ port: 0, host: '127.0.0.1' })
const appPort = (app.server.address() as AddressInfo).port

const warm = await get(new Agent(), appPort, '/api/v1/health/discord')
const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': warm.body.length }).end(warm.body)
})
const barePort = await listen(bare)

let bareRate = 0
let appRate = 0
for (let round = 0; round < rounds; round++) {
  bareRate = Math.max(bareRate, await load(barePort, '/'))
  appRate = Math.max(appRate, await load(appPort, '/api/v1/health/discord'))
}
console.log(`body ${warm.body.length} bytes, best of ${rounds} rounds of ${seconds} s, ${concurrency} connections`)
console.log(`bare node:http        ${bareRate.toFixed(0)} req/s`)
console.log(`/api/v1/health/discord ${appRate.toFixed(0)} req/s  (${(appRate / bareRate * 100).toFixed(0)} % of bare)`)
console.log(`upstream requests     ${upstream.requests} (the warm-up fetch; fresh for 60 s)`)

await app.close()
await context.close()
bare.close()
await upstream.close()
