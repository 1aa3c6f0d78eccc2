// The body of GET /api/v1/health/uptime (docs/en/status-definitions.md#uptime): the formula and weights in force, and
// every figure with the minutes it was computed from, so that a reader can check each percentage from the body alone.
import { Type, type Static } from 'typebox'

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
 * A documentation example: three days to 2026-11-21 at noon, the database with a partial outage of 30 minutes and a
 * maintenance window of 60, the bot with a day rolled up before minutes were kept by status. test/http/uptime.test.ts
 * checks that the body's own code makes exactly this from those minutes.
 */
export function uptimeExample () {
  return {
    from: '2026-11-19',
    to: '2026-11-21',
    by: 'day',
    formula: {
      weights: { operational: 0, degraded_performance: 0, partial_outage: 0.5, major_outage: 1 },
      maintenance: 'excluded'
    },
    target: 99.9,
    overall: {
      uptimePercent: 99.6145,
      targetMet: false,
      minutes: 7202,
      downMinutes: 25,
      operationalMinutes: 6381,
      degradedMinutes: 0,
      partialMinutes: 30,
      majorMinutes: 10,
      maintenanceMinutes: 60,
      noDataMinutes: 721,
      splitByStatus: false,
      components: 2,
      periods: [
        {
          start: '2026-11-19',
          end: '2026-11-19',
          uptimePercent: 99.1092,
          targetMet: false,
          minutes: 2880,
          downMinutes: 25,
          operationalMinutes: 2780,
          degradedMinutes: 0,
          partialMinutes: 30,
          majorMinutes: 10,
          maintenanceMinutes: 60,
          noDataMinutes: 0,
          splitByStatus: false
        },
        {
          start: '2026-11-20',
          end: '2026-11-20',
          uptimePercent: 100,
          targetMet: true,
          minutes: 2880,
          downMinutes: 0,
          operationalMinutes: 2880,
          degradedMinutes: 0,
          partialMinutes: 0,
          majorMinutes: 0,
          maintenanceMinutes: 0,
          noDataMinutes: 0,
          splitByStatus: true
        },
        {
          start: '2026-11-21',
          end: '2026-11-21',
          uptimePercent: 100,
          targetMet: true,
          minutes: 721,
          downMinutes: 0,
          operationalMinutes: 721,
          degradedMinutes: 0,
          partialMinutes: 0,
          majorMinutes: 0,
          maintenanceMinutes: 0,
          noDataMinutes: 0,
          splitByStatus: true
        }
      ]
    },
    components: [
      {
        id: 'database',
        name: 'Database',
        uptimePercent: 99.5763,
        targetMet: false,
        minutes: 3601,
        downMinutes: 15,
        operationalMinutes: 3511,
        degradedMinutes: 0,
        partialMinutes: 30,
        majorMinutes: 0,
        maintenanceMinutes: 60,
        noDataMinutes: 0,
        splitByStatus: true,
        incidents: [],
        periods: [
          {
            start: '2026-11-19',
            end: '2026-11-19',
            uptimePercent: 98.913,
            targetMet: false,
            minutes: 1440,
            downMinutes: 15,
            operationalMinutes: 1350,
            degradedMinutes: 0,
            partialMinutes: 30,
            majorMinutes: 0,
            maintenanceMinutes: 60,
            noDataMinutes: 0,
            splitByStatus: true
          },
          {
            start: '2026-11-20',
            end: '2026-11-20',
            uptimePercent: 100,
            targetMet: true,
            minutes: 1440,
            downMinutes: 0,
            operationalMinutes: 1440,
            degradedMinutes: 0,
            partialMinutes: 0,
            majorMinutes: 0,
            maintenanceMinutes: 0,
            noDataMinutes: 0,
            splitByStatus: true
          },
          {
            start: '2026-11-21',
            end: '2026-11-21',
            uptimePercent: 100,
            targetMet: true,
            minutes: 721,
            downMinutes: 0,
            operationalMinutes: 721,
            degradedMinutes: 0,
            partialMinutes: 0,
            majorMinutes: 0,
            maintenanceMinutes: 0,
            noDataMinutes: 0,
            splitByStatus: true
          }
        ]
      },
      {
        id: 'bot',
        name: 'Bot connection',
        uptimePercent: 99.6527,
        targetMet: false,
        minutes: 3601,
        downMinutes: 10,
        operationalMinutes: 2870,
        degradedMinutes: 0,
        partialMinutes: 0,
        majorMinutes: 10,
        maintenanceMinutes: 0,
        noDataMinutes: 721,
        splitByStatus: false,
        incidents: [],
        periods: [
          {
            start: '2026-11-19',
            end: '2026-11-19',
            uptimePercent: 99.3055,
            targetMet: false,
            minutes: 1440,
            downMinutes: 10,
            operationalMinutes: 1430,
            degradedMinutes: 0,
            partialMinutes: 0,
            majorMinutes: 10,
            maintenanceMinutes: 0,
            noDataMinutes: 0,
            splitByStatus: false
          },
          {
            start: '2026-11-20',
            end: '2026-11-20',
            uptimePercent: 100,
            targetMet: true,
            minutes: 1440,
            downMinutes: 0,
            operationalMinutes: 1440,
            degradedMinutes: 0,
            partialMinutes: 0,
            majorMinutes: 0,
            maintenanceMinutes: 0,
            noDataMinutes: 0,
            splitByStatus: true
          },
          {
            start: '2026-11-21',
            end: '2026-11-21',
            uptimePercent: null,
            targetMet: null,
            minutes: 721,
            downMinutes: 0,
            operationalMinutes: 0,
            degradedMinutes: 0,
            partialMinutes: 0,
            majorMinutes: 0,
            maintenanceMinutes: 0,
            noDataMinutes: 721,
            splitByStatus: true
          }
        ]
      }
    ]
  }
}
