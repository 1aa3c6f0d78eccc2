// A TypeBox validator compiled on first use: typebox's compiler (~300 modules) loads when an upstream payload is
// first checked, not at start (docs/en/operations.md#memory).
import type { TSchema } from 'typebox'
import type { Validator } from 'typebox/compile'

/** Returns the schema's validator, compiling it (and loading the compiler) on the first call. */
export function validatorOnUse<const T extends TSchema> (schema: T): () => Promise<Validator<Record<never, never>, T>> {
  let compiled: Promise<Validator<Record<never, never>, T>> | undefined
  return () => compiled ??= import('typebox/compile').then(({ Compile }) => Compile(schema))
}
