// The private metrics listener (METRICS_PORT/METRICS_HOST): a bare node:http server with GET /metrics only,
// apart from the public Fastify app, so the metrics are never reachable on the public port.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Metrics } from './metrics.ts'

export interface MetricsServer {
  /** The address it listens on (the port is the real one when 0 was asked for). */
  readonly address: AddressInfo
  close (): Promise<void>
}

export async function startMetricsServer (metrics: Metrics, options: { port: number, host: string }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const answer = (status: number, type: string, text: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      response.end(request.method === 'HEAD' ? undefined : text)
    }
    const plain = 'text/plain; charset=utf-8'
    if ((request.url ?? '/').split('?')[0] !== '/metrics') return answer(404, plain, 'Not found: the metrics are at /metrics.\n')
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD')
      return answer(405, plain, 'Method not allowed.\n')
    }
    metrics.registry.metrics().then(
      (text) => answer(200, metrics.registry.contentType, text),
      () => answer(500, plain, 'Metrics could not be collected.\n'))
  })
  server.keepAliveTimeout = 65_000 // longer than Prometheus' idle connection: no reset between scrapes
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    address: server.address() as AddressInfo,
    close: () => new Promise((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  }
}
