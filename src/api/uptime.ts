// The body of GET /api/v1/health/uptime (docs/en/status-definitions.md#uptime): the formula and weights in force, and
// every figure with the minutes it was computed from, so that a reader can check each percentage from the body alone.
import { Type, type Static } from 'typebox'
import { DEFAULT_UPTIME } from '../declaration/declaration.ts'
import { dayOfDate } from '../lib/minutes.ts'
import { buildUptimeBody } from '../uptime/uptime-body.ts'
import type { UptimeDay } from '../uptime/uptime-data.ts'

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])
const Minutes = (description: string) => Type.Number({ minimum: 0, description })
const Percent = nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Up to four decimals, rounded down; null where no minute counts.' }))
const TargetMet = nullable(Type.Boolean({ description: 'Whether the uptime reached the target; null without a target or without data.' }))

const figures = {
  uptimePercent: Percent,
  targetMet: TargetMet,
  minutes: Minutes('The minutes of this period inside the window, up to now.'),
  downMinutes: Minutes('Σ weight × minutes: the formula\'s numerator.'),
  operationalMinutes: Minutes('Minutes shown operational (under maintenance: up, the window\'s minutes too).'),
  degradedMinutes: Minutes('Minutes shown degraded_performance (under maintenance: counted, the window\'s minutes of that status too).'),
  partialMinutes: Minutes('Minutes shown partial_outage (likewise).'),
  majorMinutes: Minutes('Minutes shown major_outage (likewise).'),
  maintenanceMinutes: Minutes('Minutes a maintenance window showed.'),
  noDataMinutes: Minutes('Minutes nothing was known of: counted on neither side.'),
  splitByStatus: Type.Boolean({
    description: 'False when a day of it was rolled up before minutes were kept by status: its check counts then read as ' +
      'measured statuses (ok as operational, degraded as degraded_performance, down as major_outage), maintenance not told apart.'
  })
}

export const UptimePeriod = Type.Object({
  start: Type.String({ format: 'date', description: 'The period\'s first day inside the window.' }),
  end: Type.String({ format: 'date', description: 'The period\'s last day inside the window.' }),
  ...figures
}, { additionalProperties: false })

export const UptimeIncident = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: 'Plain text as the operator wrote it.' }),
  impact: Type.String({ description: 'none | minor | major | critical' }),
  status: Type.String({ description: 'The status it gave this component: degraded_performance | partial_outage | major_outage.' }),
  startedAt: Type.String({ format: 'date-time' }),
  resolvedAt: nullable(Type.String({ format: 'date-time' })),
  durationMinutes: Minutes('From its start to its resolution (or now), whole minutes.'),
  windowMinutes: Minutes('The part of it inside the window, whole minutes.')
}, { additionalProperties: false })

export const UptimeComponent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ...figures,
  incidents: Type.Array(UptimeIncident, { description: 'Every incident naming this component that overlapped the window, oldest first.' }),
  periods: Type.Array(UptimePeriod, { description: 'One per day or month of the window (`by`), oldest first.' })
}, { additionalProperties: false })

const Formula = Type.Object({
  weights: Type.Object({
    operational: Type.Literal(0),
    degraded_performance: Type.Number({ minimum: 0, maximum: 1 }),
    partial_outage: Type.Number({ minimum: 0, maximum: 1 }),
    major_outage: Type.Number({ minimum: 0, maximum: 1 })
  }, { additionalProperties: false, description: 'The fraction of a minute in each status counted as down.' }),
  maintenance: Type.Union([Type.Literal('excluded'), Type.Literal('up'), Type.Literal('counted')], {
    description: 'excluded: a window\'s minutes count on neither side; up: as operational; counted: as the status beneath the window.'
  })
}, {
  additionalProperties: false,
  description: 'uptime = 1 − downMinutes / (minutes − noDataMinutes − excluded maintenanceMinutes), downMinutes = Σ weight × minutes'
})

export const UptimeBody = Type.Object({
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  by: Type.Union([Type.Literal('day'), Type.Literal('month')]),
  formula: Formula,
  target: nullable(Type.Number({ minimum: 0, maximum: 100, description: 'The promised uptime in percent; null when none is declared.' })),
  overall: Type.Object({
    ...figures,
    uptimePercent: Percent,
    components: Type.Integer({ minimum: 0, description: 'How many of the components asked for had data: each weighs the same.' }),
    periods: Type.Array(UptimePeriod)
  }, {
    additionalProperties: false,
    description: 'Over the components asked for, those without data left out: the percentage is the mean of theirs, the minutes are their sums.'
  }),
  components: Type.Array(UptimeComponent, { description: 'In page order.' })
}, { $id: 'Uptime', title: 'Uptime', additionalProperties: false, examples: [uptimeExample()] })

/** One month's report (`status-api report uptime`, GET /v1/reports/uptime): the uptime body's figures without periods. */
export const UptimeReport = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The calendar month, YYYY-MM (UTC).' }),
  from: Type.String({ format: 'date', description: 'Its first day kept.' }),
  to: Type.String({ format: 'date', description: 'Its last day, or today while it runs.' }),
  formula: Formula,
  target: nullable(Type.Number({ minimum: 0, maximum: 100 })),
  overall: Type.Object({ ...figures, components: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  components: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), ...figures, incidents: Type.Array(UptimeIncident) }, { additionalProperties: false }))
}, { $id: 'UptimeReport', title: 'UptimeReport', additionalProperties: false })

export type UptimeReport = Static<typeof UptimeReport>
export type UptimeBody = Static<typeof UptimeBody>
export type UptimeComponentBody = Static<typeof UptimeComponent>
export type UptimePeriodBody = Static<typeof UptimePeriod>
export type UptimeIncidentBody = Static<typeof UptimeIncident>

/**
 * A documentation example, made by the code that makes the body: three days to 2026-11-21 at noon, the database with
 * a partial outage of 30 minutes and a maintenance window of 60, the bot with a day rolled up before minutes were kept by status.
 */
function uptimeExample (): unknown {
  const day = dayOfDate('2026-11-21')
  const database = new Map<number, UptimeDay>([
    [day - 2, { minutes: { operational: 1350, partial_outage: 30, 'maintenance:operational': 60 }, split: true }],
    [day - 1, { minutes: { operational: 1440 }, split: true }],
    [day, { minutes: { operational: 721 }, split: true }]
  ])
  const bot = new Map<number, UptimeDay>([[day - 2, { minutes: { operational: 1430, major_outage: 10 }, split: false }], [day - 1, { minutes: { operational: 1440 }, split: true }]])
  return buildUptimeBody(
    { now: Date.parse('2026-11-21T12:00:30.000Z'), firstDay: day - 400, days: new Map<string, Map<number, UptimeDay>>([['database', database], ['bot', bot]]), incidents: [] },
    { fromDay: day - 2, toDay: day, components: ['database', 'bot'], by: 'day' },
    { ...DEFAULT_UPTIME, target: 99.9 },
    [{ id: 'database', name: 'Database' }, { id: 'bot', name: 'Bot connection' }]
  )
}
