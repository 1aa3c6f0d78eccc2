// The body of GET /api/v1/health/incidents: maintenance banner, upcoming maintenance, incidents (docs/en/architecture.md#api-contract).
import { Type, type Static } from 'typebox'

export const IncidentStatus = Type.Union([Type.Literal('investigating'), Type.Literal('identified'), Type.Literal('monitoring'), Type.Literal('resolved')])
export const IncidentImpact = Type.Union([Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical')])

/** What an operator may say an incident does to a component; without one the impact decides. */
export const ComponentOutage = Type.Union([Type.Literal('degraded_performance'), Type.Literal('partial_outage'), Type.Literal('major_outage')])
/** What an incident gives a component it names: Statuspage's words; `operational` for an incident of impact none. */
export const AffectedComponentStatus = Type.Union([Type.Literal('operational'), Type.Literal('degraded_performance'), Type.Literal('partial_outage'), Type.Literal('major_outage')], {
  description: 'What the incident does to the component while it is unresolved: the status the operator gave, else the one that follows ' +
    'from the impact (minor → degraded_performance, major → partial_outage, critical → major_outage, none → operational: named, unchanged).'
})

const componentId = 'A component id of the status file. An id the file no longer declares is still listed, as it was written.'

const AffectedComponent = Type.Object({
  id: Type.String({ description: componentId }),
  status: AffectedComponentStatus
}, { additionalProperties: false })
export type AffectedComponent = Static<typeof AffectedComponent>

export const Maintenance = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  components: Type.Array(Type.String({ description: componentId }), {
    description: 'Ids of the components the window affects, in code-unit order: under_maintenance while it is active. Empty: the window informs and changes no component.'
  }),
  seriesId: Type.Union([Type.String(), Type.Null()], {
    description: 'The recurring series this window is an occurrence of (every occurrence of one series has the same), or null for a window on its own.'
  })
}, { additionalProperties: false })
export type Maintenance = Static<typeof Maintenance>

export const Incident = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  impact: IncidentImpact,
  status: IncidentStatus,
  startedAt: Type.String({ format: 'date-time' }),
  resolvedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  components: Type.Array(AffectedComponent, { description: 'The components the incident affects, in code-unit order of their ids; empty when it names none.' }),
  updates: Type.Array(Type.Object({
    at: Type.String({ format: 'date-time' }),
    status: IncidentStatus,
    message: Type.String()
  }, { additionalProperties: false }), { description: 'Newest first.' })
}, { additionalProperties: false })
export type Incident = Static<typeof Incident>

export const IncidentsBody = Type.Object({
  maintenance: Type.Union([Maintenance, Type.Null()], { description: 'The maintenance window active now, or null.' }),
  upcomingMaintenance: Type.Array(Maintenance, { description: 'Windows starting within the next 14 days, soonest first.' }),
  incidents: Type.Array(Incident, { description: 'Active incidents first, then those resolved in the last 90 days; newest first within each.' }),
  totals: Type.Optional(Type.Object({
    open: Type.Integer({ minimum: 0, description: 'Every open incident, listed on this page or not.' }),
    resolved: Type.Integer({ minimum: 0, description: 'Every incident resolved in the last 90 days, listed on this page or not.' })
  }, {
    additionalProperties: false,
    description: 'How many incidents the whole list holds, whatever this page shows: a page lists at most a part of them (the ' +
      'recent window, or `limit`), the Link header names the next page. Always sent by this service.'
  }))
}, {
  $id: 'Incidents',
  title: 'Incidents',
  additionalProperties: false,
  examples: [{
    maintenance: null,
    upcomingMaintenance: [{
      id: 3, title: 'Database upgrade', message: 'The dashboard may be slow for a few minutes.',
      startsAt: '2026-11-24T02:00:00.000Z', endsAt: '2026-11-24T03:00:00.000Z', components: ['dashboard'], seriesId: null
    }],
    incidents: [{
      id: 7, title: 'Bot not answering commands', impact: 'major', status: 'resolved',
      startedAt: '2026-11-20T14:02:00.000Z', resolvedAt: '2026-11-20T14:51:00.000Z',
      components: [{ id: 'bot', status: 'partial_outage' }, { id: 'music', status: 'major_outage' }],
      updates: [
        { at: '2026-11-20T14:51:00.000Z', status: 'resolved', message: 'All shards are connected again.' },
        { at: '2026-11-20T14:02:00.000Z', status: 'investigating', message: 'We are looking into missing replies.' }
      ]
    }],
    totals: { open: 0, resolved: 1 }
  }]
})
export type IncidentsBody = Static<typeof IncidentsBody>
