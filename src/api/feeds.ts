// The query every feed takes (docs/en/architecture.md#follow): `?component=<id>`, repeatable, each a declared component's id.
import { Type } from 'typebox'

/** The most `component` values one request may give (the declared ids are far fewer; repeats count). */
export const MAX_FEED_COMPONENTS = 100

/**
 * `component`: one or more of `allowed` (the declared ids), so that the contract names exactly what the server takes
 * and a 400 lists them. A single value arrives as a string and is made a list before validation (src/http/repeatable-query.ts).
 */
export function feedComponentQuery (allowed: readonly string[]) {
  return Type.Object({
    component: Type.Optional(Type.Array(Type.String({
      minLength: 1,
      maxLength: 100,
      ...(allowed.length === 0 ? { maxLength: 0 } : { enum: [...allowed] })
    }), {
      minItems: 1,
      maxItems: MAX_FEED_COMPONENTS,
      description: 'Only the entries that name one of these components (ids of GET /api/v1/health/components); repeat it for ' +
        'several (`?component=bot&component=music`). An entry that names no component is left out. Another value answers 400.',
      examples: [allowed.slice(0, 1)]
    }))
  })
}
