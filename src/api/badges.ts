// The Shields.io endpoint body of /status/badges/*.json (docs/en/architecture.md#beyond-the-spec): what shields.io/endpoint?url=… renders.
import { Type, type Static } from 'typebox'

/**
 * The query of a badge: its `label`, and the `component` it accepts: one of `allowed` (the declared ids; for the shards badge, the bot connection's), so
 * that the contract names exactly what the server takes and a 400 lists them.
 */
/** `?label=`: what every badge shows on its left instead of its default. */
const BadgeLabel = Type.Optional(Type.String({
  minLength: 1,
  maxLength: 60,
  description: 'The left-hand text instead of the default (the status badge: the product\'s name from the status file, ' +
    'else `status`; a component\'s badge: its id; uptime badges: the window).',
  examples: ['Acme']
}))

export function badgeComponentQuery (allowed: string[], shards: boolean) {
  return Type.Object({
    component: Type.Optional(Type.String({
      minLength: 1,
      maxLength: 100,
      ...(allowed.length === 0 ? { maxLength: 0 } : { enum: allowed }),
      description: shards
        ? 'The bot connection\'s component (the only one the shards badge is about); leave it out for the same badge. Another value answers 400.'
        : 'One declared component (an `id` of GET /api/v1/health/components) instead of the whole service: its status, or its uptime. ' +
          'Another value answers 400.',
      examples: allowed.slice(0, 1)
    })),
    label: BadgeLabel
  })
}

/** The query of the badges of one component (`/status/badges/{component}/…`): a label of one's own, as on every badge. */
export const BadgeLabelQuery = Type.Object({ label: BadgeLabel })

export const ShieldsEndpointBody = Type.Object({
  schemaVersion: Type.Literal(1),
  label: Type.String({ description: 'The left-hand text: the product\'s name (or `status`), a component\'s id, the uptime window, or `?label=`.' }),
  message: Type.String({
    description: 'The right-hand text: the page indicator (operational, minor outage, partial outage, major outage, ' +
      'maintenance), a component\'s status (operational, degraded performance, partial outage, major outage, maintenance, ' +
      'unknown), a percentage or `connected/total` shards.'
  }),
  color: Type.String({ pattern: '^[0-9a-f]{6}$', description: 'The message\'s background, hex without `#`; white text on it has a WCAG contrast of at least 4.5:1.' }),
  cacheSeconds: Type.Integer({ minimum: 0, description: 'How long Shields may cache it (300, the least Shields honours for endpoint badges).' })
}, {
  $id: 'ShieldsEndpoint',
  title: 'ShieldsEndpoint',
  additionalProperties: false,
  examples: [{ schemaVersion: 1, label: 'uptime 30d', message: '99.95%', color: '1a7f37', cacheSeconds: 300 }]
})
export type ShieldsEndpointBody = Static<typeof ShieldsEndpointBody>
