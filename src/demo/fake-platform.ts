// The demo's stand-in for the chat platform's status page: a Statuspage v2 summary.json on loopback, so the demo
// shows a platform section without reaching the internet. Demo only.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

function summary (now: number): unknown {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
  const component = (id: string, name: string, status: string, position: number) => ({
    id, name, status, created_at: at(500_000), updated_at: at(30), position, description: null, showcase: true,
    start_date: null, group_id: null, page_id: 'demo', group: false, only_show_if_degraded: false
  })
  return {
    page: { id: 'demo', name: 'Chat platform (demo)', url: 'https://discordstatus.com', time_zone: 'Etc/UTC', updated_at: at(5) },
    status: { indicator: 'minor', description: 'Minor Service Outage' },
    components: [
      component('c1', 'API', 'operational', 1),
      component('c2', 'Gateway', 'operational', 2),
      component('c3', 'Media Proxy', 'degraded_performance', 3),
      component('c4', 'Voice', 'operational', 4)
    ],
    incidents: [{
      id: 'i1', name: 'Images are loading slowly', status: 'identified', created_at: at(40), updated_at: at(12),
      monitoring_at: null, resolved_at: null, impact: 'minor', shortlink: 'https://stspg.io/demo', started_at: at(40),
      page_id: 'demo', components: [],
      incident_updates: [{ id: 'u1', status: 'identified', body: 'A fix is rolling out.', incident_id: 'i1', created_at: at(12), updated_at: at(12), display_at: at(12), affected_components: [] }]
    }],
    scheduled_maintenances: []
  }
}

export interface FakePlatform {
  url: URL
  close (): Promise<void>
}

export async function startFakePlatform (): Promise<FakePlatform> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(summary(Date.now())))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: new URL(`http://127.0.0.1:${port}/api/v2/summary.json`),
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
