// Bench baseline: a bare node:http server sending the same bytes as the service, per path: the recorded body
// and headers (see same-bytes.ts) of the variant the Accept-Encoding names, and nothing else — no routing framework, hooks, logging or checks.
// argv[2]: a JSON manifest of BareRoute entries.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { variantKey, type BareRoute } from './same-bytes.ts'

const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareRoute[]
const routes = new Map(manifest.map((route) => {
  const body = readFileSync(route.file)
  return [variantKey(route.coding, route.path), { body, headers: { ...route.headers, 'content-length': String(body.length) } }]
}))

const server = createServer((request, response) => {
  // The bench asks for exactly one coding (or none), so the header is the variant's name.
  const route = routes.get(variantKey(request.headers['accept-encoding'], request.url ?? ''))
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
