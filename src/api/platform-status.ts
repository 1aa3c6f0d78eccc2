// The body of GET /api/v1/health/discord: the chat platform's Statuspage summary, normalised (docs/en/architecture.md#api-contract).
import { Type, type Static } from 'typebox'

const PlatformComponentStatus = Type.Union([
  Type.Literal('operational'), Type.Literal('degraded_performance'), Type.Literal('partial_outage'),
  Type.Literal('major_outage'), Type.Literal('under_maintenance')
])

export const PlatformStatusBody = Type.Object({
  indicator: Type.Union([Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical'), Type.Literal('maintenance')], {
    description: 'Statuspage\'s overall indicator: none means all systems operational; maintenance while a maintenance window is in progress.'
  }),
  description: Type.String({ examples: ['All Systems Operational'] }),
  components: Type.Array(Type.Object({
    name: Type.String(),
    status: PlatformComponentStatus
  }, { additionalProperties: false })),
  incidents: Type.Array(Type.Object({
    name: Type.String(),
    status: Type.Union([Type.Literal('investigating'), Type.Literal('identified'), Type.Literal('monitoring'), Type.Literal('resolved'), Type.Literal('postmortem')]),
    impact: Type.Union([Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical'), Type.Literal('maintenance')]),
    url: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
    startedAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' })
  }, { additionalProperties: false }), { description: 'Unresolved incidents on the platform.' }),
  pageUrl: Type.String({ format: 'uri' }),
  updatedAt: Type.String({ format: 'date-time', description: 'When the platform last updated its status page.' }),
  fetchedAt: Type.String({ format: 'date-time', description: 'When this service fetched it.' }),
  stale: Type.Boolean({ description: 'True when the latest fetch failed and this is the last good value.' })
}, {
  $id: 'DiscordStatus',
  title: 'DiscordStatus',
  additionalProperties: false,
  examples: [{
    indicator: 'minor',
    description: 'Minor Service Outage',
    components: [{ name: 'API', status: 'operational' }, { name: 'Voice: US East', status: 'partial_outage' }],
    incidents: [{
      name: 'Voice connection issues in US East', status: 'monitoring', impact: 'minor', url: 'https://stspg.io/example',
      startedAt: '2026-11-21T09:12:00.000Z', updatedAt: '2026-11-21T09:40:00.000Z'
    }],
    pageUrl: 'https://discordstatus.com',
    updatedAt: '2026-11-21T09:40:00.000Z',
    fetchedAt: '2026-11-21T09:41:07.000Z',
    stale: false
  }]
})
export type PlatformStatusBody = Static<typeof PlatformStatusBody>
