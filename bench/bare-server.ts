// Bench baseline: a bare node:http server sending the same bytes as the service, per path: the recorded body
// and headers (see same-bytes.ts), and nothing else — no routing framework, hooks, logging or checks.
// argv[2]: a JSON manifest of BareRoute entries.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BareRoute } from './same-bytes.ts'

const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareRoute[]
const routes = new Map(manifest.map((route) => {
  const body = readFileSync(route.file)
  return [route.path, { body, headers: { ...route.headers, 'content-length': String(body.length) } }]
}))

const server = createServer((request, response) => {
  const route = routes.get(request.url ?? '')
  if (route === undefined) {
    response.statusCode = 404
    response.end()
    return
  }
  response.writeHead(200, route.headers)
  response.end(route.body)
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
