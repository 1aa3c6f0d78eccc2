// The bodies of GET /api/v1/health and /api/v1/health/history (DESIGN §4): one schema for validation,
// serialisation, OpenAPI and the status page.
import { Type, type Static } from 'typebox'
import { Indicator } from './components.ts'

const DateTime = (description: string) => Type.String({ format: 'date-time', description })
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

export const ComponentStatus = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('unknown')], {
  description: '`unknown` means the component is not configured (or not yet probed) and does not count toward the overall status.'
})
export const OverallStatus = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')], {
  description: '`down` if the database or the bot is down; else `degraded` if any component is degraded or the cache is down; else `ok`.'
})

export const ComponentHealth = Type.Object({
  status: ComponentStatus,
  latencyMs: nullable(Type.Number({ minimum: 0, description: 'Round-trip time of the last probe in milliseconds.' })),
  message: Type.Optional(Type.String({ description: 'A short, public-safe sentence about the status.' }))
}, { additionalProperties: false })

export const BotHealth = Type.Object({
  status: ComponentStatus,
  latencyMs: nullable(Type.Number({ minimum: 0, description: 'The bot\'s gateway latency (ping) in milliseconds.' })),
  message: Type.Optional(Type.String()),
  shards: nullable(Type.Object({
    total: Type.Integer({ minimum: 0 }),
    connected: Type.Integer({ minimum: 0 })
  }, { additionalProperties: false }))
}, { additionalProperties: false })

export const HealthBody = Type.Object({
  status: OverallStatus,
  version: Type.String({ description: 'The running version of the service.', examples: ['1.0.0'] }),
  uptimeSeconds: Type.Integer({ minimum: 0, description: 'Seconds since this process started.' }),
  startedAt: DateTime('When this process started.'),
  checkedAt: DateTime('When the components were last probed.'),
  maintenance: Type.Boolean({ description: 'True while a maintenance window is active.' }),
  indicator: Indicator,
  components: Type.Object({
    database: ComponentHealth,
    cache: ComponentHealth,
    bot: BotHealth
  }, { additionalProperties: false })
}, {
  $id: 'Health',
  title: 'Health',
  additionalProperties: false,
  examples: [{
    status: 'ok', version: '1.0.0', uptimeSeconds: 86400, startedAt: '2026-11-20T12:00:00.000Z', checkedAt: '2026-11-21T12:00:00.000Z',
    maintenance: false,
    indicator: 'none',
    components: {
      database: { status: 'ok', latencyMs: 1.4 },
      cache: { status: 'ok', latencyMs: 0.2 },
      bot: { status: 'ok', latencyMs: 41, shards: { total: 16, connected: 16 } }
    }
  }]
})
export type HealthBody = Static<typeof HealthBody>
/** The health body as the monitor measures it: the page indicator is added by the status model (src/status/service.ts). */
export type MeasuredHealthBody = Omit<HealthBody, 'indicator'>

export const HistoryCheck = Type.Object({
  at: DateTime('The start of the minute this check stands for.'),
  status: OverallStatus,
  components: Type.Object({ database: ComponentStatus, cache: ComponentStatus, bot: ComponentStatus }, { additionalProperties: false })
}, { additionalProperties: false })

/** One component's day: its share of up checks (null without checks) and the status the bar shows. */
const ComponentDay = Type.Object({
  percent: nullable(Type.Number({ minimum: 0, maximum: 100 })),
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('no_data')])
}, { additionalProperties: false })

export const DailyUptime = Type.Object({
  date: Type.String({ format: 'date', description: 'UTC calendar day.' }),
  percent: nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Share of recorded checks that were up (ok or degraded); null when there were none.' })),
  checks: Type.Integer({ minimum: 0, description: 'Minute checks recorded that day.' }),
  expectedChecks: Type.Integer({ minimum: 0, description: 'Minutes of that day that had passed (1440 for a whole day): the gap to `checks` shows when nothing was recorded.' }),
  degradedChecks: Type.Integer({ minimum: 0 }),
  downChecks: Type.Integer({ minimum: 0 }),
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('no_data')], {
    description: '`no_data` when no check was recorded that day — never counted as 100 %.'
  }),
  components: Type.Object({ database: ComponentDay, cache: ComponentDay, bot: ComponentDay }, {
    additionalProperties: false,
    description: 'The same day per component: one uptime bar per component on the status page.'
  })
}, { additionalProperties: false })
export type DailyUptime = Static<typeof DailyUptime>

const UptimePercent = nullable(Type.Number({ minimum: 0, maximum: 100 }))

export const HistoryBody = Type.Object({
  generatedAt: DateTime('When this history was computed (at most once a minute).'),
  checkIntervalSeconds: Type.Literal(60),
  checks: Type.Array(HistoryCheck, { description: 'One check per minute of the last 24 hours, oldest first; minutes with no record are absent.' }),
  uptime: Type.Object({
    days: Type.Literal(90),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    percent: UptimePercent,
    components: Type.Object({ database: UptimePercent, cache: UptimePercent, bot: UptimePercent }, { additionalProperties: false }),
    daily: Type.Array(DailyUptime, { minItems: 90, maxItems: 90, description: 'Exactly 90 days, oldest first, today last.' })
  }, { additionalProperties: false })
}, { $id: 'History', title: 'History', additionalProperties: false, examples: [historyExample()] })
export type HistoryBody = Static<typeof HistoryBody>

/** A documentation example: 90 days ending 2026-11-21, with a day without data, a degraded day and a day with downtime. */
function historyExample () {
  const day = (offset: number) => new Date(Date.UTC(2026, 10, 21 - 89 + offset)).toISOString().slice(0, 10)
  const ok = { percent: 100, status: 'ok' }
  const same = (component: { percent: number | null, status: string }) => ({ database: component, cache: component, bot: component })
  const daily = Array.from({ length: 90 }, (_, i) => {
    if (i === 30) return { date: day(i), percent: null, checks: 0, expectedChecks: 1440, degradedChecks: 0, downChecks: 0, status: 'no_data', components: same({ percent: null, status: 'no_data' }) }
    if (i === 60) return { date: day(i), percent: 100, checks: 1440, expectedChecks: 1440, degradedChecks: 12, downChecks: 0, status: 'degraded', components: { ...same(ok), bot: { percent: 100, status: 'degraded' } } }
    if (i === 75) return { date: day(i), percent: 99.305, checks: 1440, expectedChecks: 1440, degradedChecks: 0, downChecks: 10, status: 'down', components: { ...same(ok), bot: { percent: 99.305, status: 'down' } } }
    return { date: day(i), percent: 100, checks: i === 89 ? 720 : 1440, expectedChecks: i === 89 ? 720 : 1440, degradedChecks: 0, downChecks: 0, status: 'ok', components: same(ok) }
  })
  return {
    generatedAt: '2026-11-21T12:00:00.000Z',
    checkIntervalSeconds: 60,
    checks: [{ at: '2026-11-21T11:59:00.000Z', status: 'ok', components: { database: 'ok', cache: 'ok', bot: 'ok' } }],
    uptime: { days: 90, from: day(0), to: day(89), percent: 99.992, components: { database: 100, cache: 100, bot: 99.992 }, daily }
  }
}
