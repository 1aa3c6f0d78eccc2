// What the operations answer (src/operations/operations.ts), as TypeBox schemas: the operator API validates and
// documents its responses with them, the remote operations read them, and the CLI prints from them.
import { Type, type Static } from 'typebox'
import { Incident, Maintenance } from '../api/incidents.ts'
import { PUSH_STATUSES, type PushStatus } from '../checks/push.ts'
import { MANUAL_STATUSES } from './manual-components.ts'

const by = Type.Union([Type.String(), Type.Null()], { description: 'Who made the change: a token\'s name, a Discord user; null from the CLI on the server. Never published.' })

export const OperatorIncident = Type.Object({
  ...Incident.properties,
  updates: Type.Array(Type.Object({ ...Incident.properties.updates.items.properties, by }, { additionalProperties: false }), { description: 'Newest first.' })
}, { additionalProperties: false, $id: 'OperatorIncident', title: 'Incident' })
export type OperatorIncident = Static<typeof OperatorIncident>

export const OperatorMaintenance = Type.Object({
  ...Maintenance.properties,
  state: Type.Union([Type.Literal('scheduled'), Type.Literal('active'), Type.Literal('ended'), Type.Literal('cancelled')]),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When it was ended early or cancelled.' }),
  by,
  endedBy: by,
  seriesId: Type.Union([Type.String(), Type.Null()], { description: 'The series it is an occurrence of; null for a window on its own.' })
}, { additionalProperties: false, $id: 'OperatorMaintenance', title: 'Maintenance' })
export type OperatorMaintenance = Static<typeof OperatorMaintenance>

const utc = Type.String({ format: 'date-time' })
export const OperatorSeries = Type.Object({
  id: Type.String(),
  title: Type.String(),
  message: Type.String(),
  rrule: Type.String({ description: 'The RFC 5545 rule, as checked (upper case).' }),
  timezone: Type.String({ description: 'The IANA zone its occurrences keep their local time in.' }),
  start: Type.String({ description: 'The first start, a local time in the zone (YYYY-MM-DDTHH:MM).' }),
  duration: Type.String({ description: 'How long each occurrence lasts, as the status file writes durations (1h, 1h30m).' }),
  remindMinutes: Type.Union([Type.Integer(), Type.Null()], { description: 'Minutes ahead of each start the reminder goes out; null: the server\'s default; 0: none.' }),
  components: Type.Array(Type.String()),
  source: Type.String({ description: 'operator (CLI, API, Discord) or file (the status file\'s maintenance:).' }),
  endedAt: Type.Union([utc, Type.Null()], { description: 'When it was ended: no occurrences after that.' }),
  next: Type.Array(Type.Object({ startsAt: utc, endsAt: utc }, { additionalProperties: false }), { description: 'The next 10 occurrences (a running one first), in UTC.' })
}, { additionalProperties: false, $id: 'OperatorSeries', title: 'MaintenanceSeries' })
export type OperatorSeries = Static<typeof OperatorSeries>

export const ScheduledMaintenance = Type.Object({
  ...OperatorMaintenance.properties,
  series: Type.Optional(OperatorSeries)
}, { additionalProperties: false, description: 'The window; for a series, its first occurrence with the series in `series`.' })
export type ScheduledMaintenance = Static<typeof ScheduledMaintenance>

export const IncidentList = Type.Object({ incidents: Type.Array(OperatorIncident, { description: 'Open ones first, then resolved ones; newest first within each.' }) }, { additionalProperties: false })
export const MaintenanceList = Type.Object({
  maintenance: Type.Array(OperatorMaintenance, { description: 'Windows not over yet, and those that ended in the last 30 days; soonest start first.' }),
  series: Type.Array(OperatorSeries, { description: 'Every series not ended, and those ended in the last 30 days, each with its next occurrences.' })
}, { additionalProperties: false })

export const EndedMaintenance = Type.Object({
  ...OperatorMaintenance.properties,
  was: Type.Union([Type.Literal('scheduled'), Type.Literal('active')], { description: 'scheduled: it had not started and is cancelled; active: it ended now.' })
}, { additionalProperties: false })
export type EndedMaintenance = Static<typeof EndedMaintenance>

export const ManualStatusAnswer = Type.Object({
  id: Type.String(),
  status: Type.Union(MANUAL_STATUSES.map((status) => Type.Literal(status))),
  message: Type.Union([Type.String(), Type.Null()]),
  by
}, { additionalProperties: false })
/** Its Static would lose the status's values (a union built from an array): spelled out. */
export interface ManualStatusAnswer { id: string, status: typeof MANUAL_STATUSES[number], message: string | null, by: string | null }

export const HeartbeatsAnswer = Type.Object({ recorded: Type.Integer({ minimum: 1, description: 'Shards recorded (a shard given twice counts once: its last report).' }) }, { additionalProperties: false })
export type HeartbeatsAnswer = Static<typeof HeartbeatsAnswer>

export const ForgottenShards = Type.Object({
  forgotten: Type.Integer({ minimum: 0, description: 'Shards whose rows were deleted (0: none of them had reported).' })
}, { additionalProperties: false })
export type ForgottenShards = Static<typeof ForgottenShards>

export const PushAnswer = Type.Object({
  component: Type.String(),
  status: Type.Union(PUSH_STATUSES.map((status) => Type.Literal(status))),
  latencyMs: Type.Union([Type.Number(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time', description: 'When it was recorded.' })
}, { additionalProperties: false })
export interface PushAnswer { component: string, status: PushStatus, latencyMs: number | null, message: string | null, at: string }
