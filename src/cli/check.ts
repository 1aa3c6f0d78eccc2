// `status-api check [--url URL] [--health]`: probe a running instance; exit 0 when it is ready (or healthy), 1 when
// not — for container health checks on images without curl.
import { parseArgs } from 'node:util'
import { UsageError, type Command } from './command.ts'

const TIMEOUT_MS = 3000

export const checkCommand: Command = {
  name: 'check',
  usage: `status-api check [--url URL] [--health]

Asks a running instance whether it is ready: GET /api/v1/readiness (or, with --health, GET /api/v1/health,
which also fails while the bot is down). Exit code 0 when the answer is 200, 1 otherwise (including no answer
within ${TIMEOUT_MS / 1000} s). URL defaults to this configuration's http://HOST:PORT.`,
  async run (args, config) {
    let values: { url?: string, health?: boolean }
    try {
      values = parseArgs({ args, options: { url: { type: 'string' }, health: { type: 'boolean' } }, strict: true }).values
    } catch (error) {
      throw new UsageError(`check: ${(error as Error).message.split('\n')[0]}`)
    }
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
    let base: URL
    try {
      base = new URL(values.url ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`)
    } catch {
      throw new UsageError('check: --url must be an absolute URL such as http://127.0.0.1:3000')
    }
    const target = new URL(values.health === true ? '/api/v1/health' : '/api/v1/readiness', base)
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(TIMEOUT_MS) })
      await response.arrayBuffer()
      console.log(`${target.pathname}: ${response.status}`)
      return response.status === 200 ? 0 : 1
    } catch (error) {
      console.log(`${target.pathname}: no answer (${(error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'})`)
      return 1
    }
  }
}
