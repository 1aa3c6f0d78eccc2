// The body of GET /api/v1/health/components (docs/en/architecture.md#status-model): the one public status every surface renders — each
// declared component's effective status, the groups, and the page indicator. One schema for the route, OpenAPI,
// the status page's refresh and the MCP tool.
import { Type, type Static } from 'typebox'

/** The shipped languages' tags, as the bodies name them (this folder imports nothing of ours; test/locales/ holds it equal to the locale files). */
export const BODY_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR'] as const

export const Localized = Type.Object({
  en: Type.String(),
  de: Type.String(),
  fr: Type.String(),
  es: Type.String(),
  'pt-BR': Type.String()
}, { additionalProperties: false, description: `The same text in every shipped language (${BODY_LANGUAGES.join(', ')}); a language the status file leaves out carries the English text.` })

export const ShownStatus = Type.Union([
  Type.Literal('operational'), Type.Literal('degraded_performance'), Type.Literal('partial_outage'),
  Type.Literal('major_outage'), Type.Literal('under_maintenance'), Type.Literal('unknown')
], {
  description: 'Statuspage\'s component statuses: the worst of what was measured and what unresolved incidents say, ' +
    '`under_maintenance` while an active window names it (unless an incident naming it says worse); `unknown` when ' +
    'nothing is known (not configured, not yet measured).'
})

export const Indicator = Type.Union([
  Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical'), Type.Literal('maintenance')
], {
  description: 'The worst of every component\'s status (degraded_performance → minor, partial_outage → major, ' +
    'major_outage → critical) and every unresolved incident\'s impact; `maintenance` while a window puts components ' +
    'under maintenance and nothing is worse; `none` otherwise.'
})

export const PublicComponent = Type.Object({
  id: Type.String({ description: 'Stable, from the status file.' }),
  name: Localized,
  description: Type.Union([Localized, Type.Null()]),
  group: Type.Union([Type.String(), Type.Null()], { description: 'The id of its group, or null.' }),
  status: ShownStatus,
  message: Type.Union([Type.String(), Type.Null()], { description: 'A short, public-safe sentence about what was measured.' }),
  latencyMs: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'The last measured response time, in milliseconds.' }),
  incidents: Type.Array(Type.Integer(), { description: 'Unresolved incidents naming this component (ids of /api/v1/health/incidents).' }),
  maintenance: Type.Array(Type.Integer(), { description: 'Active maintenance windows naming this component.' })
}, { additionalProperties: false })
export type PublicComponent = Static<typeof PublicComponent>

export const PublicGroup = Type.Object({
  id: Type.String(),
  name: Localized,
  collapsed: Type.Boolean({ description: 'Shown folded on the status page until opened.' }),
  status: ShownStatus,
  components: Type.Array(Type.String(), { description: 'Its components\' ids, in page order.' })
}, { additionalProperties: false })
export type PublicGroup = Static<typeof PublicGroup>

export const ComponentsBody = Type.Object({
  indicator: Indicator,
  description: Type.String({
    description: 'The indicator in Statuspage\'s words, e.g. "Minor Service Outage"; with `none` and components that have ' +
      'not reported yet, "All Reporting Systems Operational; 2 Components Have Not Reported Yet" (or "No Component Has Reported Yet").'
  }),
  unknownComponents: Type.Integer({
    minimum: 0,
    description: 'How many components are `unknown` (nothing measured yet, no incident or window naming them). The headline ' +
      'then says that they have not reported instead of that all systems are operational.'
  }),
  updatedAt: Type.String({ format: 'date-time', description: 'When this status was computed.' }),
  components: Type.Array(PublicComponent, { description: 'Every declared component, in page order.' }),
  groups: Type.Array(PublicGroup, { description: 'Groups with at least one component, in page order.' })
}, {
  $id: 'Components',
  title: 'Components',
  additionalProperties: false,
  examples: [{
    indicator: 'minor',
    description: 'Minor Service Outage',
    unknownComponents: 0,
    updatedAt: '2026-11-21T12:00:00.000Z',
    components: [
      { id: 'commands', name: { en: 'Commands', de: 'Befehle', fr: 'Commandes', es: 'Comandos', 'pt-BR': 'Comandos' }, description: null, group: 'bot', status: 'degraded_performance', message: null, latencyMs: 41, incidents: [7], maintenance: [] },
      { id: 'dashboard', name: { en: 'Dashboard', de: 'Dashboard', fr: 'Tableau de bord', es: 'Panel', 'pt-BR': 'Painel' }, description: null, group: 'web', status: 'under_maintenance', message: null, latencyMs: 120, incidents: [], maintenance: [3] },
      { id: 'api', name: { en: 'Public API', de: 'Öffentliche API', fr: 'API publique', es: 'API pública', 'pt-BR': 'API pública' }, description: null, group: null, status: 'operational', message: null, latencyMs: null, incidents: [], maintenance: [] }
    ],
    groups: [
      { id: 'bot', name: { en: 'Bot', de: 'Bot', fr: 'Bot', es: 'Bot', 'pt-BR': 'Bot' }, collapsed: false, status: 'degraded_performance', components: ['commands'] },
      { id: 'web', name: { en: 'Website and dashboard', de: 'Website und Dashboard', fr: 'Site web et tableau de bord', es: 'Sitio web y panel', 'pt-BR': 'Site e painel' }, collapsed: true, status: 'under_maintenance', components: ['dashboard'] }
    ]
  }]
})
export type ComponentsBody = Static<typeof ComponentsBody>
