// The bodies of GET /api/v1/health and /api/v1/health/history (docs/en/architecture.md#api-contract): one schema for validation,
// serialisation, OpenAPI and the status page.
import { Type, type Static } from 'typebox'
import { Indicator } from './components.ts'

const DateTime = (description: string) => Type.String({ format: 'date-time', description })
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * The static type of a `components` object: the named properties, plus any declared component's id. (The schemas
 * say it with `additionalProperties`, which TypeBox's static types leave out.)
 */
type WithDeclared<Named, Each> = Named & Record<string, Each>

export const ComponentStatus = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('unknown')], {
  description: '`unknown` means the component is not configured (or not yet probed) and does not count toward the overall status.'
})
export const OverallStatus = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')], {
  description: '`down` if the database or the bot is down, or a declared component marked critical is down; else `degraded` if any ' +
    'component is degraded, the cache is down or another declared component is down; else `ok`. `unknown` never counts.'
})

const ComponentHealth = Type.Object({
  status: ComponentStatus,
  latencyMs: nullable(Type.Number({ minimum: 0, description: 'Round-trip time of the last probe in milliseconds.' })),
  message: Type.Optional(Type.String({ description: 'A short, public-safe sentence about the status.' }))
}, { additionalProperties: false })

const BotHealth = Type.Object({
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
  }, {
    additionalProperties: ComponentHealth,
    description: 'The database, the cache and the bot connection, always; then every other component the status file declares, ' +
      'by its id, in the file\'s order. A declared component with one of the three ids is that same entry.'
  })
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
  }, {
    status: 'degraded', version: '1.0.0', uptimeSeconds: 86400, startedAt: '2026-11-20T12:00:00.000Z', checkedAt: '2026-11-21T12:00:00.000Z',
    maintenance: false,
    indicator: 'critical',
    components: {
      database: { status: 'ok', latencyMs: 1.4 },
      cache: { status: 'ok', latencyMs: 0.2 },
      bot: { status: 'ok', latencyMs: 41, shards: { total: 16, connected: 16 } },
      dashboard: { status: 'ok', latencyMs: 212 },
      'voice-eu': { status: 'down', latencyMs: null, message: 'As reported on Discord\'s status page.' },
      api: { status: 'ok', latencyMs: null }
    }
  }]
})
export type ComponentHealth = Static<typeof ComponentHealth>
export type HealthBody = Omit<Static<typeof HealthBody>, 'components'> & {
  /** Indexed by any id, an entry is a ComponentHealth (or `bot`'s, which adds its shards). */
  components: WithDeclared<Static<typeof HealthBody>['components'], ComponentHealth | Static<typeof BotHealth>>
}
/** The health body as the monitor measures it: the page indicator is added by the status model (src/status/service.ts). */
export type MeasuredHealthBody = Omit<HealthBody, 'indicator'>

const HistoryCheck = Type.Object({
  at: DateTime('The start of the minute this check stands for.'),
  status: OverallStatus,
  components: Type.Object({ database: ComponentStatus, cache: ComponentStatus, bot: ComponentStatus }, {
    additionalProperties: ComponentStatus,
    description: 'Every component the health body reports, by id; `unknown` for a minute the component has no record of.'
  })
}, { additionalProperties: false })

/** One component's day: its share of up checks (null without checks) and the status the bar shows. */
const ComponentDay = Type.Object({
  percent: nullable(Type.Number({ minimum: 0, maximum: 100 })),
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('no_data')])
}, { additionalProperties: false })

/** A day's counts, overall or of one component (`of`: whose checks, in the descriptions). */
function dayFields (of: string) {
  return {
    date: Type.String({ format: 'date', description: 'UTC calendar day.' }),
    percent: nullable(Type.Number({ minimum: 0, maximum: 100, description: `Share of ${of} that were up (ok or degraded); null when there were none.` })),
    checks: Type.Integer({ minimum: 0, description: `${of[0]!.toUpperCase()}${of.slice(1)} that day (minutes with a known status).` }),
    expectedChecks: Type.Integer({ minimum: 0, description: 'Minutes of that day that had passed (1440 for a whole day): the gap to `checks` shows when nothing was recorded.' }),
    degradedChecks: Type.Integer({ minimum: 0 }),
    downChecks: Type.Integer({ minimum: 0 }),
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down'), Type.Literal('no_data')], {
      description: `\`no_data\` when none of ${of} was recorded that day — never counted as 100 %.`
    })
  }
}

export const DailyUptime = Type.Object({
  ...dayFields('the recorded minute checks'),
  components: Type.Object({ database: ComponentDay, cache: ComponentDay, bot: ComponentDay }, {
    additionalProperties: ComponentDay,
    description: 'The same day per component (the three, then every other declared one): one uptime bar per component on the status page.'
  })
}, { additionalProperties: false })
export type DailyUptime = Omit<Static<typeof DailyUptime>, 'components'> & {
  components: WithDeclared<Static<typeof DailyUptime>['components'], Static<typeof ComponentDay>>
}

const UptimePercent = nullable(Type.Number({ minimum: 0, maximum: 100 }))

export const HistoryBody = Type.Object({
  generatedAt: DateTime('When this history was computed (at most once a minute).'),
  checkIntervalSeconds: Type.Literal(60),
  checks: Type.Array(HistoryCheck, { description: 'One check per minute of the last 24 hours, oldest first; minutes with no record are absent.' }),
  latencyMinutes: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
    description: 'Per component (the three, then every other declared one): how many of its minutes in the last 24 hours carry a ' +
      'measured response time. The status page draws a component\'s response-time chart from 15 of them, and says "Not enough data yet" below.'
  }),
  uptime: Type.Object({
    days: Type.Literal(90),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    percent: UptimePercent,
    components: Type.Object({ database: UptimePercent, cache: UptimePercent, bot: UptimePercent }, {
      additionalProperties: UptimePercent,
      description: 'Per component (the three, then every other declared one): the share of its recorded checks that were up; null without any.'
    }),
    daily: Type.Array(DailyUptime, { minItems: 90, maxItems: 90, description: 'Exactly 90 days, oldest first, today last.' })
  }, { additionalProperties: false })
}, { $id: 'History', title: 'History', additionalProperties: false, examples: [historyExample()] })
type HistoryStatic = Static<typeof HistoryBody>
export type HistoryCheck = Omit<HistoryStatic['checks'][number], 'components'> & {
  components: WithDeclared<HistoryStatic['checks'][number]['components'], Static<typeof ComponentStatus>>
}
export type HistoryBody = Omit<HistoryStatic, 'checks' | 'uptime'> & {
  checks: HistoryCheck[]
  uptime: Omit<HistoryStatic['uptime'], 'components' | 'daily'> & {
    components: WithDeclared<HistoryStatic['uptime']['components'], number | null>
    daily: DailyUptime[]
  }
}

/** The examples' 90 days end on 2026-11-21; `offset` 0 is the first of them. */
function exampleDate (offset: number): string {
  return new Date(Date.UTC(2026, 10, 21 - 89 + offset)).toISOString().slice(0, 10)
}

/**
 * A documentation example: 90 days ending 2026-11-21, with a day without data, a degraded day and a day with downtime;
 * `dashboard` is a component the status file declares.
 */
function historyExample () {
  const day = exampleDate
  const ok = { percent: 100, status: 'ok' }
  const same = (component: { percent: number | null, status: string }) => ({ database: component, cache: component, bot: component, dashboard: component })
  const daily = Array.from({ length: 90 }, (_, i) => {
    if (i === 30) return { date: day(i), percent: null, checks: 0, expectedChecks: 1440, degradedChecks: 0, downChecks: 0, status: 'no_data', components: same({ percent: null, status: 'no_data' }) }
    if (i === 60) return { date: day(i), percent: 100, checks: 1440, expectedChecks: 1440, degradedChecks: 12, downChecks: 0, status: 'degraded', components: { ...same(ok), bot: { percent: 100, status: 'degraded' } } }
    if (i === 75) return { date: day(i), percent: 99.305, checks: 1440, expectedChecks: 1440, degradedChecks: 0, downChecks: 10, status: 'down', components: { ...same(ok), bot: { percent: 99.305, status: 'down' } } }
    return { date: day(i), percent: 100, checks: i === 89 ? 720 : 1440, expectedChecks: i === 89 ? 720 : 1440, degradedChecks: 0, downChecks: 0, status: 'ok', components: same(ok) }
  })
  return {
    generatedAt: '2026-11-21T12:00:00.000Z',
    checkIntervalSeconds: 60,
    checks: [{ at: '2026-11-21T11:59:00.000Z', status: 'ok', components: { database: 'ok', cache: 'ok', bot: 'ok', dashboard: 'ok' } }],
    latencyMinutes: { database: 1, cache: 1, bot: 1, dashboard: 1 },
    uptime: { days: 90, from: day(0), to: day(89), percent: 99.992, components: { database: 100, cache: 100, bot: 99.992, dashboard: 100 }, daily }
  }
}

const Latency = (description: string) => nullable(Type.Number({ minimum: 0, description }))

const ComponentMinute = Type.Object({
  at: DateTime('The start of the minute this check stands for.'),
  status: ComponentStatus,
  latencyMs: Latency('The latency the check measured in that minute, in milliseconds (with several replicas: that of the worst ' +
    'status seen, the highest among equals); null when it reported none (a component down, manual or mirrored from the platform).')
}, { additionalProperties: false })

export const ComponentDailyUptime = Type.Object({
  ...dayFields('the component\'s recorded minute checks'),
  latencyP50Ms: Latency('Median latency of the day\'s minute checks (nearest rank); null when none reported a latency.'),
  latencyP95Ms: Latency('95th percentile of the day\'s minute latencies (nearest rank); null when none reported a latency.')
}, { additionalProperties: false })
export type ComponentDailyUptime = Static<typeof ComponentDailyUptime>

export const ComponentHourlyLatency = Type.Object({
  hour: DateTime('The start of the hour (UTC).'),
  latencyP50Ms: Latency('Median latency of the hour\'s minute checks (nearest rank); null when none reported a latency.'),
  latencyP95Ms: Latency('95th percentile of the hour\'s minute latencies (nearest rank); null when none reported a latency.')
}, { additionalProperties: false })
export type ComponentHourlyLatency = Static<typeof ComponentHourlyLatency>

/** One component's history: what GET /api/v1/health/components/{id} tells about the past. */
export const ComponentHistory = Type.Object({
  id: Type.String({ description: 'The component\'s id, as in the health body and the status file.', examples: ['dashboard'] }),
  generatedAt: DateTime('When this history was computed (at most once a minute).'),
  checkIntervalSeconds: Type.Literal(60),
  checks: Type.Array(ComponentMinute, {
    description: 'The component\'s minute checks of the last 24 hours, oldest first; minutes with no record of it are absent.'
  }),
  hourly: Type.Array(ComponentHourlyLatency, {
    minItems: 24,
    maxItems: 24,
    description: 'Latency per hour of the last 24 hours, oldest first, the current hour (so far) last.'
  }),
  uptime: Type.Object({
    days: Type.Literal(90),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    percent: nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Share of its recorded checks over the 90 days that were up; null without any.' })),
    daily: Type.Array(ComponentDailyUptime, { minItems: 90, maxItems: 90, description: 'Exactly 90 days, oldest first, today last.' })
  }, { additionalProperties: false })
}, { $id: 'ComponentHistory', title: 'ComponentHistory', additionalProperties: false, examples: [componentHistoryExample()] })
export type ComponentHistory = Static<typeof ComponentHistory>

/** A documentation example: a declared HTTP-checked component, first recorded 20 days ago, with one slow day and an outage. */
function componentHistoryExample () {
  const daily = Array.from({ length: 90 }, (_, i) => {
    const base = { date: exampleDate(i), expectedChecks: i === 89 ? 720 : 1440, degradedChecks: 0, downChecks: 0 }
    if (i < 70) return { ...base, percent: null, checks: 0, status: 'no_data', latencyP50Ms: null, latencyP95Ms: null }
    if (i === 80) return { ...base, percent: 100, checks: 1440, degradedChecks: 35, status: 'degraded', latencyP50Ms: 230, latencyP95Ms: 910 }
    if (i === 85) return { ...base, percent: 99.444, checks: 1440, downChecks: 8, status: 'down', latencyP50Ms: 205, latencyP95Ms: 388 }
    return { ...base, percent: 100, checks: base.expectedChecks, status: 'ok', latencyP50Ms: 201, latencyP95Ms: 342 }
  })
  return {
    id: 'dashboard',
    generatedAt: '2026-11-21T12:00:00.000Z',
    checkIntervalSeconds: 60,
    checks: [
      { at: '2026-11-21T11:58:00.000Z', status: 'ok', latencyMs: 198 },
      { at: '2026-11-21T11:59:00.000Z', status: 'ok', latencyMs: 214.6 }
    ],
    hourly: Array.from({ length: 24 }, (_, i) => ({
      hour: new Date(Date.parse('2026-11-20T13:00:00.000Z') + i * 3_600_000).toISOString(),
      latencyP50Ms: i < 2 ? null : 195 + (i % 5) * 4,
      latencyP95Ms: i < 2 ? null : 330 + (i % 7) * 11
    })),
    uptime: { days: 90, from: exampleDate(0), to: exampleDate(89), percent: 99.971, daily }
  }
}
