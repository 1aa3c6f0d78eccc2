// The CLI's write commands on a remote instance (docs/en/architecture.md#operator-api): --url / STATUS_API_URL and --token / STATUS_API_TOKEN
// instead of database settings. The operations there are src/operations/remote.ts; this reads which instance.
import type { Config } from '../config/index.ts'
import type { Remote } from '../operations/remote.ts'
import { UsageError } from './command.ts'

/** The options every remote-capable command takes besides its own. */
export const REMOTE_OPTIONS = ['url', 'token'] as const

export const REMOTE_HELP = `Remote: with --url URL (or STATUS_API_URL) the command acts on that instance's operator API
(OPERATOR_PORT) with --token TOKEN (or STATUS_API_TOKEN), and needs no database settings.`

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
