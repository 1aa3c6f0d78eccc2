// The Atlassian Statuspage v2 documents served under /status/api/v2/ (docs/en/architecture.md#beyond-the-spec): Statuspage's field names and enums
// exactly, so every tool that reads a Statuspage reads this service too.
import { Type, type Static, type TSchema } from 'typebox'

const DateTime = Type.String({ format: 'date-time' })
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

const StatuspageIndicator = Type.Union([
  Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical'), Type.Literal('maintenance')
], {
  description: 'The page indicator of GET /api/v1/health/components, unchanged: the worst of every component\'s status and every ' +
    'unresolved incident\'s impact; `maintenance` (as Statuspage pages send it) while a window puts components under ' +
    'maintenance and nothing is worse.'
})
export const StatuspageComponentStatus = Type.Union([
  Type.Literal('operational'), Type.Literal('degraded_performance'), Type.Literal('partial_outage'),
  Type.Literal('major_outage'), Type.Literal('under_maintenance')
])
const StatuspageIncidentStatus = Type.Union([
  Type.Literal('investigating'), Type.Literal('identified'), Type.Literal('monitoring'), Type.Literal('resolved'), Type.Literal('postmortem')
])
const StatuspageMaintenanceStatus = Type.Union([
  Type.Literal('scheduled'), Type.Literal('in_progress'), Type.Literal('verifying'), Type.Literal('completed')
])

export const StatuspagePage = Type.Object({
  id: Type.String({ description: 'Stable for a base URL.' }),
  name: Type.String(),
  url: Type.String({ format: 'uri', description: '`{base_url}/status`: the Statuspage "page URL" to give a Statuspage client.' }),
  time_zone: Type.String(),
  updated_at: DateTime
}, { additionalProperties: false })

export const StatuspageComponent = Type.Object({
  id: Type.String({ description: 'Stable: the component\'s id in the status file (without one: `database`, `cache`, `bot`); a group\'s is `group:` and its id.' }),
  name: Type.String({ description: 'The English name.' }),
  status: StatuspageComponentStatus,
  created_at: DateTime,
  updated_at: DateTime,
  position: Type.Integer({ minimum: 1, description: 'Page order: 1, 2, 3…; a group comes where its first member is, followed by its members.' }),
  description: nullable(Type.String()),
  showcase: Type.Boolean(),
  start_date: nullable(Type.String({ format: 'date' })),
  group_id: nullable(Type.String({ description: 'The id of its group component, or null.' })),
  page_id: Type.String(),
  group: Type.Boolean({ description: 'True for a group of components.' }),
  only_show_if_degraded: Type.Boolean(),
  components: Type.Optional(Type.Array(Type.String(), { description: 'On a group only: its members\' ids, in page order.' }))
}, { additionalProperties: false })

const updateFields = {
  id: Type.String(),
  body: Type.String({ description: 'Plain text exactly as the operator wrote it: escape it before putting it into HTML.' }),
  incident_id: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
  display_at: DateTime,
  affected_components: Type.Null()
}

const incidentFields = {
  id: Type.String(),
  name: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
  monitoring_at: nullable(DateTime),
  resolved_at: nullable(DateTime),
  shortlink: Type.String({ format: 'uri', description: 'The incident\'s (or window\'s) own page on this site.' }),
  started_at: DateTime,
  page_id: Type.String(),
  components: Type.Array(StatuspageComponent, { description: 'The components it names (from the status file), as they are now; ids the file no longer declares are left out.' })
}

export const StatuspageIncident = Type.Object({
  ...incidentFields,
  status: StatuspageIncidentStatus,
  impact: Type.Union([Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical')]),
  incident_updates: Type.Array(Type.Object({ ...updateFields, status: StatuspageIncidentStatus }, { additionalProperties: false }), { description: 'Newest first.' }),
  postmortem_body: nullable(Type.String({
    description: 'The post-mortem of a resolved incident, in Markdown exactly as the operator wrote it (render it with raw HTML refused); null while it has none.'
  })),
  postmortem_body_last_updated_at: nullable(Type.String({ format: 'date-time', description: 'When the post-mortem was last written; null while it has none.' }))
}, { additionalProperties: false })

export const StatuspageScheduledMaintenance = Type.Object({
  ...incidentFields,
  status: StatuspageMaintenanceStatus,
  impact: Type.Literal('maintenance'),
  scheduled_for: DateTime,
  scheduled_until: DateTime,
  incident_updates: Type.Array(Type.Object({ ...updateFields, status: StatuspageMaintenanceStatus }, { additionalProperties: false }), { description: 'Newest first.' })
}, { additionalProperties: false })

export const StatuspageStatusField = Type.Object({
  indicator: StatuspageIndicator,
  description: Type.String({ examples: ['All Systems Operational'] })
}, { additionalProperties: false })

export type StatuspagePage = Static<typeof StatuspagePage>
export type StatuspageComponent = Static<typeof StatuspageComponent>
export type StatuspageIncident = Static<typeof StatuspageIncident>
export type StatuspageScheduledMaintenance = Static<typeof StatuspageScheduledMaintenance>
export type StatuspageStatusField = Static<typeof StatuspageStatusField>

// One example page, from which every document's example is cut.
const PAGE = { id: 'k3j5h2m8q1zx', name: 'System status', url: 'https://status.example.com/status', time_zone: 'Etc/UTC', updated_at: '2026-11-21T12:00:00.000Z' }
const COMPONENT = {
  id: 'bot', name: 'Bot connection', status: 'operational', created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-21T12:00:00.000Z',
  position: 3, description: 'The bot\'s connection to Discord (its shards).', showcase: true, start_date: null, group_id: null,
  page_id: PAGE.id, group: false, only_show_if_degraded: false
}
const INCIDENT = {
  id: '7', name: 'Bot not answering commands', status: 'identified', impact: 'major', created_at: '2026-11-21T11:40:00.000Z',
  updated_at: '2026-11-21T11:52:00.000Z', monitoring_at: null, resolved_at: null, shortlink: 'https://status.example.com/status/incidents/7',
  started_at: '2026-11-21T11:40:00.000Z', page_id: PAGE.id, components: [],
  incident_updates: [
    { id: '12', status: 'identified', body: 'A bad deploy; rolling back.', incident_id: '7', created_at: '2026-11-21T11:52:00.000Z', updated_at: '2026-11-21T11:52:00.000Z', display_at: '2026-11-21T11:52:00.000Z', affected_components: null },
    { id: '11', status: 'investigating', body: 'We are looking into missing replies.', incident_id: '7', created_at: '2026-11-21T11:40:00.000Z', updated_at: '2026-11-21T11:40:00.000Z', display_at: '2026-11-21T11:40:00.000Z', affected_components: null }
  ],
  postmortem_body: null,
  postmortem_body_last_updated_at: null
}
const MAINTENANCE = {
  id: 'maintenance-3', name: 'Database upgrade', status: 'scheduled', impact: 'maintenance', created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z', monitoring_at: null, resolved_at: null, shortlink: 'https://status.example.com/status/maintenance/3',
  started_at: '2026-11-24T02:00:00.000Z', page_id: PAGE.id, components: [], scheduled_for: '2026-11-24T02:00:00.000Z', scheduled_until: '2026-11-24T03:00:00.000Z',
  incident_updates: [{ id: 'maintenance-3-scheduled', status: 'scheduled', body: 'The dashboard may be slow for a few minutes.', incident_id: 'maintenance-3', created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z', display_at: '2026-11-20T09:00:00.000Z', affected_components: null }]
}
const STATUS = { indicator: 'major', description: 'Partial System Outage' }

export const StatuspageSummaryBody = Type.Object({
  page: StatuspagePage,
  components: Type.Array(StatuspageComponent, { description: 'Components and groups in position order; a component whose status is `unknown` is left out.' }),
  incidents: Type.Array(StatuspageIncident, { description: 'Unresolved incidents.' }),
  scheduled_maintenances: Type.Array(StatuspageScheduledMaintenance, { description: 'Upcoming and in-progress windows.' }),
  status: StatuspageStatusField
}, { $id: 'StatuspageSummary', title: 'StatuspageSummary', additionalProperties: false, examples: [{ page: PAGE, components: [COMPONENT], incidents: [INCIDENT], scheduled_maintenances: [MAINTENANCE], status: STATUS }] })

export const StatuspageStatusBody = Type.Object({ page: StatuspagePage, status: StatuspageStatusField },
  { $id: 'StatuspageStatus', title: 'StatuspageStatus', additionalProperties: false, examples: [{ page: PAGE, status: STATUS }] })

export const StatuspageComponentsBody = Type.Object({ page: StatuspagePage, components: Type.Array(StatuspageComponent) },
  { $id: 'StatuspageComponents', title: 'StatuspageComponents', additionalProperties: false, examples: [{ page: PAGE, components: [COMPONENT] }] })

export const StatuspageIncidentsBody = Type.Object({ page: StatuspagePage, incidents: Type.Array(StatuspageIncident) },
  { $id: 'StatuspageIncidents', title: 'StatuspageIncidents', additionalProperties: false, examples: [{ page: PAGE, incidents: [INCIDENT] }] })

export const StatuspageScheduledMaintenancesBody = Type.Object({ page: StatuspagePage, scheduled_maintenances: Type.Array(StatuspageScheduledMaintenance) },
  { $id: 'StatuspageScheduledMaintenances', title: 'StatuspageScheduledMaintenances', additionalProperties: false, examples: [{ page: PAGE, scheduled_maintenances: [MAINTENANCE] }] })

export type StatuspageSummaryBody = Static<typeof StatuspageSummaryBody>
