// What an operator token may do (DESIGN §11): its scopes, and the token as the configuration holds it.

export const OPERATOR_SCOPES = ['admin', 'incidents', 'maintenance', 'components', 'heartbeat', 'push'] as const
export type OperatorScope = typeof OPERATOR_SCOPES[number]

/** The shortest secret accepted: 32 characters (`status-api token new` prints 43). */
export const MIN_SECRET_LENGTH = 32

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
