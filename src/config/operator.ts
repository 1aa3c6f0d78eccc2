// The operator section (docs/en/architecture.md#operator-api): the operator API's listener, its tokens and scopes, and the remote API the CLI writes to.
import { ConfigError, fetchableUrl, integer, optionalUrl, type Reader } from './values.ts'

export const OPERATOR_SCOPES = ['admin', 'incidents', 'maintenance', 'components', 'heartbeat', 'push'] as const
export type OperatorScope = typeof OPERATOR_SCOPES[number]

/** The shortest secret accepted: 32 characters (`status-api token new` prints 43). */
const MIN_SECRET_LENGTH = 32

/** One entry of OPERATOR_TOKENS (`name:scope+scope:secret`). The secret is never logged, stored or echoed. */
export interface OperatorToken {
  /** Recorded as `by` with every change the token makes. */
  name: string
  scopes: readonly OperatorScope[]
  secret: string
}

/** `admin` may do everything; any other scope only its own part. */
export function allows (token: OperatorToken, scope: OperatorScope): boolean {
  return token.scopes.includes('admin') || token.scopes.includes(scope)
}

export interface OperatorConfig {
  /** The operator API's listener (docs/en/architecture.md#operator-api); undefined = off. */
  operatorPort: number | undefined
  operatorHost: string
  /** OPERATOR_TOKENS: who may change what through the operator API. */
  operatorTokens: OperatorToken[]
  /** STATUS_API_URL / STATUS_API_TOKEN: the operator API the CLI's write commands act on instead of the database. */
  remote: { url: URL | undefined, token: string | undefined }
}

/** OPERATOR_PORT, read right after PORT and METRICS_PORT: the public port never takes changes. */
export function operatorListenerPort (read: Reader, port: number, metricsPort: number | undefined): number | undefined {
  const operatorPort = read('OPERATOR_PORT') === undefined ? undefined : integer(read, 'OPERATOR_PORT', 0, 1, 65535)
  if (operatorPort !== undefined && operatorPort === port) throw new ConfigError('OPERATOR_PORT must differ from PORT: the public port never takes changes')
  if (operatorPort !== undefined && operatorPort === metricsPort) throw new ConfigError('OPERATOR_PORT must differ from METRICS_PORT')
  return operatorPort
}

export function operatorConfig (read: Reader, operatorPort: number | undefined): OperatorConfig {
  return {
    operatorPort,
    operatorHost: read('OPERATOR_HOST') ?? '127.0.0.1',
    operatorTokens: operatorTokens(read, 'OPERATOR_TOKENS'),
    remote: { url: fetchableUrl(optionalUrl(read, 'STATUS_API_URL', ['http:', 'https:']), 'STATUS_API_URL'), token: read('STATUS_API_TOKEN') }
  }
}

/**
 * `name:scope+scope:secret,…` (docs/en/architecture.md#operator-api). Messages name the entry by position and name, never the secret: it is
 * split at the first two colons, so it may contain colons itself, but no comma.
 */
function operatorTokens (read: Reader, name: string): OperatorToken[] {
  const raw = read(name)
  if (raw === undefined) return []
  const tokens = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry, index): OperatorToken => {
    const first = entry.indexOf(':')
    const second = first === -1 ? -1 : entry.indexOf(':', first + 1)
    const where = `${name}: entry ${index + 1}`
    if (second === -1) throw new ConfigError(`${where} must be NAME:SCOPES:SECRET (scopes joined by +)`)
    const tokenName = entry.slice(0, first)
    const secret = entry.slice(second + 1)
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/.test(tokenName)) {
      throw new ConfigError(`${where}: the name must be 1–40 letters, digits, ".", "_" or "-" (it is recorded with every change)`)
    }
    const scopes = entry.slice(first + 1, second).split('+')
    for (const scope of scopes) {
      if (!(OPERATOR_SCOPES as readonly string[]).includes(scope)) {
        throw new ConfigError(`${where} (${tokenName}): scopes must be ${OPERATOR_SCOPES.join(', ')}, joined by + (got "${scope.slice(0, 20)}")`)
      }
    }
    if ([...secret].length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`${where} (${tokenName}): the secret is shorter than ${MIN_SECRET_LENGTH} characters; make one with status-api token new`)
    }
    if (/\s/.test(secret)) throw new ConfigError(`${where} (${tokenName}): the secret must not contain spaces`)
    return { name: tokenName, scopes: [...new Set(scopes)] as OperatorScope[], secret }
  })
  const names = tokens.map((token) => token.name)
  const twice = names.find((tokenName, index) => names.indexOf(tokenName) !== index)
  if (twice !== undefined) throw new ConfigError(`${name} names the token "${twice}" twice`)
  if (new Set(tokens.map((token) => token.secret)).size !== tokens.length) throw new ConfigError(`${name}: two tokens share one secret`)
  return tokens
}
