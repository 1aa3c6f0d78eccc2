// The operator API's request bodies, parameters and queries (docs/en/architecture.md#operator-api): one TypeBox schema each for validation and its
// OpenAPI document; its answers are the operations' (src/operations/answers.ts). Text, vocabularies and times are
// strings here: the shared checks (src/incidents/input.ts, rules.ts, time-input.ts) decide and word the refusals, the
// same as the CLI's.
import { Type, type Static } from 'typebox'
import { MANUAL_STATUSES } from '../../operations/manual-components.ts'
import { SHARD_STATUSES } from '../../bot/heartbeat-reporter.ts'
import { MAX_PUSH_LATENCY_MS, MAX_PUSH_MESSAGE, PUSH_STATUSES } from '../../checks/push.ts'
import { COMPONENT_OUTAGES, INCIDENT_IMPACTS, INCIDENT_STATUSES, TEXT_LIMITS } from '../../incidents/rules.ts'

const text = (description: string) => Type.String({ description })
const title = text(`One line, at most ${TEXT_LIMITS.title} characters.`)
const message = text(`At most ${TEXT_LIMITS.message} characters; line breaks allowed. Published exactly as written.`)
const componentRefs = Type.Array(Type.String(), { maxItems: 100 })

export const OpenIncidentBody = Type.Object({
  template: Type.Optional(Type.String({
    description: 'The id of a template of the status file: its title, message, impact and components stand for those not given here, ' +
      'and readers see its text in their language. An unknown id is refused (400) naming `template`.'
  })),
  title: Type.Optional(text(`One line, at most ${TEXT_LIMITS.title} characters. Required unless a template gives it.`)),
  impact: Type.Optional(text(`One of ${INCIDENT_IMPACTS.join(', ')}. Required unless a template gives it.`)),
  status: Type.Optional(text(`One of ${INCIDENT_STATUSES.filter((s) => s !== 'resolved').join(', ')}; investigating when omitted.`)),
  message: Type.Optional(text(`At most ${TEXT_LIMITS.message} characters; line breaks allowed. Published exactly as written. Required unless a template gives it.`)),
  components: Type.Optional({
    ...componentRefs,
    description: `Components it affects: ID, or ID=STATUS with STATUS one of ${COMPONENT_OUTAGES.join(', ')} (without it the impact decides).`
  })
}, { additionalProperties: false })
export type OpenIncidentBody = Static<typeof OpenIncidentBody>

export const IncidentUpdateBody = Type.Object({
  status: Type.Optional(text(`One of ${INCIDENT_STATUSES.join(', ')}; unchanged when omitted; resolved resolves it.`)),
  message,
  components: Type.Optional({ ...componentRefs, description: 'Replaces the components it affects (an empty list: none); unchanged when omitted.' })
}, { additionalProperties: false })
export type IncidentUpdateBody = Static<typeof IncidentUpdateBody>

export const ResolveBody = Type.Object({
  message: Type.Optional({ ...message, description: 'The last update; "This incident has been resolved." when omitted.' })
}, { additionalProperties: false })

export const ScheduleBody = Type.Object({
  title,
  message,
  from: text('When it starts: an ISO 8601 time with a zone, now, or an offset from now such as +2h.'),
  to: Type.Optional(text('When it ends, in the same forms; or give `duration`.')),
  duration: Type.Optional(text('How long it lasts instead of `to`: 1h, 90m, 2h30m; at most 7 days. Each occurrence\'s length for a series.')),
  timezone: Type.Optional(text('IANA time zone (Europe/Berlin): `from` may then be a local time without zone (2026-12-06T03:00), and a series\' occurrences keep their local time across daylight saving changes. UTC when omitted.')),
  rrule: Type.Optional(text('Makes it a series: an RFC 5545 RRULE with FREQ DAILY, WEEKLY or MONTHLY, INTERVAL, BYDAY (SU, 1SU, -1FR), BYMONTHDAY, COUNT, UNTIL. `from` is the first start.')),
  remindMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10080, description: 'Minutes before each start a maintenance.reminder goes out; 0: none. The server\'s MAINTENANCE_REMIND_MINUTES (60) when omitted.' })),
  components: Type.Optional({ ...componentRefs, description: 'Ids of the components it affects (under_maintenance while it is active).' })
}, { additionalProperties: false })
export const SeriesParams = Type.Object({ seriesId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The series\' id.' }) })
export type ScheduleBody = Static<typeof ScheduleBody>

export const ManualStatusBody = Type.Object({
  status: text(`One of ${MANUAL_STATUSES.join(', ')}.`),
  message: Type.Optional({ ...message, description: 'Shown with the component; none when omitted.' })
}, { additionalProperties: false })

const HeartbeatReportBody = Type.Object({
  shard: Type.Integer({ description: 'The shard id, 0 or more.' }),
  status: text(`One of ${SHARD_STATUSES.join(', ')}; only ready counts as connected.`),
  pingMs: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'Gateway latency in milliseconds.' })),
  guilds: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  cluster: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'The cluster (process) running the shard.' })),
  total: Type.Optional(Type.Union([Type.Integer(), Type.Null()], {
    description: 'The shard count the bot runs with, 1 to 65,536, more than `shard`. The newest report carrying it defines the shards: ' +
      'shards at or beyond it leave the shards view and are deleted. Omitted: the highest shard reported counts.'
  }))
}, { additionalProperties: false })

export const HeartbeatsBody = Type.Object({
  reports: Type.Array(HeartbeatReportBody, { minItems: 1, maxItems: 1000 })
}, { additionalProperties: false })
export type HeartbeatsBody = Static<typeof HeartbeatsBody>

/** POST /v1/shards/forget: which shards' rows to delete, as `status-api shards forget` takes them. */
export const ForgetShardsBody = Type.Object({
  shards: Type.String({ maxLength: 1000, description: 'Shard ids and ranges, comma-separated: `7`, `16-31`, `16-` (16 and every shard above).' })
}, { additionalProperties: false })
export type ForgetShardsBody = Static<typeof ForgetShardsBody>

/** POST /v1/push/{component}: every part optional; no body at all is a bare "ok, alive". */
export const PushBody = Type.Union([Type.Object({
  status: Type.Optional(text(`One of ${PUSH_STATUSES.join(', ')}; ok when omitted.`)),
  latencyMs: Type.Optional(Type.Number({ description: `A response time in milliseconds, 0 to ${MAX_PUSH_LATENCY_MS}.` })),
  message: Type.Optional(text(`One line of at most ${MAX_PUSH_MESSAGE} characters, shown with the component.`))
}, { additionalProperties: false }), Type.Null()])

export const PushParams = Type.Object({ component: Type.String({ description: 'The id of a component the status file declares with check: { push: { within: … } }.' }) })

export const IdParams = Type.Object({ id: Type.String({ description: 'A positive whole number.' }) })
export const ComponentParams = Type.Object({ id: Type.String({ description: 'The id of a component the status file declares with check: { manual: true }.' }) })
export const IncidentsQuery = Type.Object({ state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('all')], { default: 'open' })) }, { additionalProperties: false })

/** A POST that takes nothing: no body, or `{}`. */
export const EmptyBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()])
