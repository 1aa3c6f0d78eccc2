// Bench baseline: a bare node:http server sending the same bytes, content type and ETag as the app, per path.
// argv[2]: a JSON manifest [{ "path": "/api/v1/health", "file": "/tmp/x", "type": "application/json; charset=utf-8" }].
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { etagOf } from '../src/http/headers.ts'

export interface BareRoute { path: string, file: string, type?: string }

const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareRoute[]
const routes = new Map(manifest.map((route) => {
  const body = readFileSync(route.file)
  return [route.path, { body, etag: etagOf(body), type: route.type ?? 'application/json; charset=utf-8' }]
}))

const server = createServer((request, response) => {
  const route = routes.get(request.url ?? '')
  if (route === undefined) {
    response.statusCode = 404
    response.end()
    return
  }
  response.writeHead(200, { 'content-type': route.type, etag: route.etag, 'content-length': route.body.length })
  response.end(route.body)
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
