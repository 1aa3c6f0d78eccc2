// The bench baseline's input: one response of the service recorded as the bare server will replay it, body and
// headers alike (Node itself adds Date, Connection and Keep-Alive to both servers' answers) — in the content coding
// asked for, the bytes exactly as sent (node:http decodes nothing).
import { writeFileSync } from 'node:fs'
import { get } from 'node:http'
import path from 'node:path'

export type Coding = 'identity' | 'br' | 'gzip'

export interface BareRoute {
  path: string
  /** The Accept-Encoding the bench sends for this variant (none for identity): the bare server keys on it too. */
  coding: Coding
  /** The file holding the body. */
  file: string
  /** Its size: the bytes on the wire for this body. */
  bytes: number
  headers: Record<string, string>
}

const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

/** The request headers the bench sends for a coding. */
export function codingHeaders (coding: Coding): Record<string, string> {
  return coding === 'identity' ? {} : { 'accept-encoding': coding }
}

/** The key both the bench and the bare server use for a path's variant. */
export function variantKey (coding: string | undefined, route: string): string {
  return `${coding ?? 'identity'} ${route}`
}

/** GETs `route` from the service in `coding` and writes its body into `dir`; fails unless it answers 200. */
export async function recordResponse (serviceUrl: string, route: string, dir: string, coding: Coding = 'identity'): Promise<BareRoute> {
  const { status, headers, body } = await new Promise<{ status: number, headers: Record<string, string>, body: Buffer }>((resolve, reject) => {
    get(serviceUrl + route, { headers: codingHeaders(coding) }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({
        status: response.statusCode!, headers: response.headers as Record<string, string>, body: Buffer.concat(chunks)
      }))
    }).on('error', reject)
  })
  if (status !== 200) throw new Error(`${route} answered ${status} before the load`)
  const file = path.join(dir, `body-${coding}-${route.replace(/[^a-z0-9]+/gi, '_')}`)
  writeFileSync(file, body)
  return { path: route, coding, file, bytes: body.length, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !ADDED_BY_NODE.has(name))) }
}
