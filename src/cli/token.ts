// `status-api token new [NAME [SCOPES]]`: a random secret for OPERATOR_TOKENS (and the entry to add, when named).
import { randomBytes } from 'node:crypto'
import { OPERATOR_SCOPES } from '../config/operator.ts'
import { UsageError, type EnvironmentCommand } from './command.ts'

const usage = `status-api token new [NAME [SCOPES]]

Prints a new random secret (32 random bytes, base64url: 43 characters) for the operator API.
With NAME (and SCOPES, admin by default) it prints the whole OPERATOR_TOKENS entry, NAME:SCOPES:SECRET.
SCOPES: ${OPERATOR_SCOPES.join(', ')}, joined by + (e.g. maintenance+incidents).
Keep the secret like a password: put it in OPERATOR_TOKENS on the server (comma-separated entries)
and give it to the client (STATUS_API_TOKEN, the bot's reporter). Secrets under 32 characters are refused.`

export const tokenCommand: EnvironmentCommand = {
  name: 'token',
  usage,
  async runOnEnvironment (args) {
    const [action, name, scopes = 'admin', ...rest] = args
    if (action !== 'new') throw new UsageError(`token: ${action === undefined ? 'an action is missing' : `unknown action "${action}"`} (new)`)
    if (rest.length > 0) throw new UsageError(`token new: unexpected argument "${rest[0]}"`)
    if (name !== undefined && !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/.test(name)) {
      throw new UsageError('token new: NAME must be 1–40 letters, digits, ".", "_" or "-"')
    }
    const unknown = scopes.split('+').find((scope) => !(OPERATOR_SCOPES as readonly string[]).includes(scope))
    if (unknown !== undefined) throw new UsageError(`token new: scopes must be ${OPERATOR_SCOPES.join(', ')}, joined by + (got "${unknown.slice(0, 20)}")`)
    const secret = randomBytes(32).toString('base64url')
    console.log(name === undefined ? secret : `${name}:${scopes}:${secret}`)
    return 0
  }
}
