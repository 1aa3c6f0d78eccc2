// The CLI's write commands on a remote instance (DESIGN §11): --url / STATUS_API_URL and --token / STATUS_API_TOKEN
// instead of database settings. Every failure is one line naming its cause: unreachable, 401, 403, or the 400's detail.
import { randomUUID } from 'node:crypto'
import type { Config } from '../config/index.ts'
import { UsageError } from './command.ts'

/** The options every remote-capable command takes besides its own. */
export const REMOTE_OPTIONS = ['url', 'token'] as const

export const REMOTE_HELP = `Remote: with --url URL (or STATUS_API_URL) the command acts on that instance's operator API
(OPERATOR_PORT) with --token TOKEN (or STATUS_API_TOKEN), and needs no database settings.`

export interface Remote {
  url: URL
  token: string
}

const TIMEOUT_MS = 15_000

/** The operator API to act on, or undefined for the local database. */
export function remoteOf (command: string, options: { url?: string, token?: string }, config: Config): Remote | undefined {
  let url = config.remote.url
  if (options.url !== undefined) {
    try {
      url = new URL(options.url)
    } catch {
      throw new UsageError(`${command}: --url must be an absolute http(s) URL such as http://127.0.0.1:3001`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${command}: --url must be an http(s) URL`)
  }
  if (url === undefined) return undefined
  const token = options.token ?? config.remote.token
  if (token === undefined) throw new UsageError(`${command}: acting on ${url.origin} needs a token: --token TOKEN or STATUS_API_TOKEN`)
  return { url, token }
}

/**
 * One request to the operator API; resolves with the JSON answer of a 2xx. A POST carries an Idempotency-Key, and is
 * sent once more with the same key when the connection failed: the server writes it once either way.
 */
export async function callOperator<T> (command: string, remote: Remote, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const target = new URL(path.replace(/^\//, ''), remote.url.href.endsWith('/') ? remote.url : new URL(`${remote.url.href}/`))
  const headers: Record<string, string> = { authorization: `Bearer ${remote.token}`, accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method === 'POST') headers['idempotency-key'] = randomUUID()
  const send = () => fetch(target, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' })
  let response: Response
  try {
    response = await send().catch((error: unknown) => method === 'POST' ? send() : Promise.reject(error))
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name
    throw new Error(`${command}: cannot reach ${remote.url.origin} (${cause}); check --url or STATUS_API_URL and OPERATOR_PORT on the server`, { cause: error })
  }
  const text = await response.text()
  let answer: unknown
  try {
    answer = text === '' ? undefined : JSON.parse(text)
  } catch {
    answer = undefined
  }
  if (response.ok) return answer as T
  const detail = typeof (answer as { detail?: unknown } | undefined)?.detail === 'string' ? (answer as { detail: string }).detail : `HTTP ${response.status}`
  switch (response.status) {
    case 400: throw new UsageError(`${command}: ${detail}`)
    case 401: throw new Error(`${command}: the token was refused (401); check --token or STATUS_API_TOKEN`)
    case 403: throw new Error(`${command}: the token may not do this (403): ${detail}`)
    default: throw new Error(`${command}: ${remote.url.origin} answered ${response.status}: ${detail}`)
  }
}
