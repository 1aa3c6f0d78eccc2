// Bench baseline: a bare node:http server sending the same bytes (and ETag) as the app, for each path.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { etagOf } from '../src/http/headers.ts'

// argv: path=file pairs, e.g. /api/v1/health=/tmp/health.json
const routes = new Map(process.argv.slice(2).map((pair) => {
  const [path, file] = pair.split('=') as [string, string]
  const body = readFileSync(file)
  return [path, { body, etag: etagOf(body) }]
}))

const server = createServer((request, response) => {
  const route = routes.get(request.url ?? '')
  if (route === undefined) {
    response.statusCode = 404
    response.end()
    return
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: route.etag, 'content-length': route.body.length })
  response.end(route.body)
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
