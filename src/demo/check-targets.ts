// The demo's stand-ins for what its checks watch: an HTTP server for the dashboard and the website, a TCP port for the
// music node, and a worker that pushes. They misbehave now and then, by the clock: slow, failing, silent. Demo only.
import { createServer, type Server } from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { recordPush } from '../checks/push.ts'
import type { Database } from '../store/database.ts'
import type { ComponentCheck, StatusDeclaration } from '../declaration/declaration.ts'

const PUSH_EVERY_MS = 15_000
/** How the stand-ins behave in a minute of the hour (wall clock), unless they are calm. */
const minuteOfHour = (now: number) => Math.floor(now / 60_000) % 60

export interface CheckTargets {
  /** The declaration with every http and tcp check pointed at a stand-in (paths kept). */
  declaration: StatusDeclaration
  /** Starts the pushes of every push component (at once, then every 15 s). */
  startPushing (database: Database): void
  close (): Promise<void>
}

/**
 * Starts the stand-ins for `declaration`'s checks. `calm`: they always behave (the demo's tests); otherwise the
 * dashboard is slow in minutes 7, 27 and 47 of each hour and fails in minute 43, the website does not answer in
 * minute 30, the TCP port is closed in minutes 17 and 47, and pushes stop in minutes 11 and 12.
 */
export async function startCheckTargets (declaration: StatusDeclaration, options: { calm?: boolean } = {}): Promise<CheckTargets> {
  const misbehaving = (minutes: number[]) => options.calm !== true && minutes.includes(minuteOfHour(Date.now()))
  const web: Server = createServer((request, response) => {
    const wantsJson = request.url?.includes('health') === true || request.url?.includes('ping') === true
    if (!wantsJson && misbehaving([30])) return // silent: the check's time limit decides
    if (wantsJson && misbehaving([43])) return void response.writeHead(503).end('{"status":"down"}')
    const delay = wantsJson && misbehaving([7, 27, 47]) ? 1200 : 20 + Math.floor(Math.random() * 80)
    setTimeout(() => response.writeHead(200, { 'content-type': wantsJson ? 'application/json' : 'text/html' }).end(wantsJson ? '{"status":"ok"}' : '<p>ok</p>'), delay)
  })
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  const webPort = (web.address() as AddressInfo).port

  const sockets = new Set<net.Socket>()
  const tcp = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
  const tcpPort = (tcp.address() as AddressInfo).port
  // The TCP port closes for its minutes and opens again after them.
  const toggle = setInterval(() => {
    if (misbehaving([17, 47]) && tcp.listening) tcp.close()
    else if (!misbehaving([17, 47]) && !tcp.listening) tcp.listen(tcpPort, '127.0.0.1')
  }, 5000)
  toggle.unref()

  const pointed = (check: ComponentCheck): ComponentCheck => {
    if (check.kind === 'http') {
      const url = new URL(check.url)
      return { ...check, url: `http://127.0.0.1:${webPort}${url.pathname}${url.search}`, headers: {} }
    }
    if (check.kind === 'tcp') return { ...check, host: '127.0.0.1', port: tcpPort }
    return check
  }
  let pushing: NodeJS.Timeout | undefined
  const result: CheckTargets = {
    declaration: { ...declaration, components: declaration.components.map((component) => ({ ...component, check: pointed(component.check) })) },
    startPushing (database) {
      const pushed = declaration.components.filter((component) => component.check.kind === 'push')
      const push = () => {
        if (misbehaving([11, 12])) return
        for (const component of pushed) {
          void recordPush(database.db, declaration, component.id, { status: 'ok', latencyMs: 30 + Math.floor(Math.random() * 50) }, Date.now(), 'demo').catch(() => {})
        }
      }
      push()
      pushing = setInterval(push, PUSH_EVERY_MS)
      pushing.unref()
    },
    async close () {
      clearInterval(toggle)
      clearInterval(pushing)
      for (const socket of sockets) socket.destroy()
      web.closeAllConnections()
      await Promise.all([
        new Promise((resolve) => web.close(resolve)),
        tcp.listening ? new Promise((resolve) => tcp.close(resolve)) : undefined
      ])
    }
  }
  return result
}
