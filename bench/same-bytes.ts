// The bench baseline's input: one response of the service recorded as the bare server will replay it, body and
// headers alike (Node itself adds Date, Connection and Keep-Alive to both servers' answers).
import { writeFileSync } from 'node:fs'
import path from 'node:path'

export interface BareRoute {
  path: string
  /** The file holding the body. */
  file: string
  headers: Record<string, string>
}

const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

/** GETs `route` from the service and writes its body into `dir`; fails unless it answers 200. */
export async function recordResponse (serviceUrl: string, route: string, dir: string): Promise<BareRoute> {
  const response = await fetch(serviceUrl + route)
  if (response.status !== 200) throw new Error(`${route} answered ${response.status} before the load`)
  const file = path.join(dir, `body-${route.replace(/[^a-z0-9]+/gi, '_')}`)
  writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !ADDED_BY_NODE.has(name)))
  return { path: route, file, headers }
}
