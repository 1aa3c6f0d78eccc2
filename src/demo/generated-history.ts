// A realistic, reproducible history for demos and benchmarks: mostly ok, with degraded spells, outages, gaps and a silent
// day; a row per minute for the spec's three components (with latencies), each other declared one, and the overall status.
import { OVERALL, type ComponentCheckRow } from '../store/repositories/component-checks.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { overallStatus, worse, type ComponentStatus, type ComponentStatuses } from '../monitor/status.ts'

export interface SeedOptions {
  days: number
  now: number
  /** The same seed gives the same history. */
  seed?: number
  /**
   * Outages to write (from, to in ms): the demo passes those of its incidents, so its history and its incidents tell
   * the same story. With any given, no random outage is added (short degraded spells and gaps still are).
   */
  outages?: Array<{ from: number, to: number, status: Partial<ComponentStatuses> }>
  /**
   * Declared components besides the spec's three, in order: mostly ok with short degraded spells of their own (which
   * make the overall status degraded, as a declared component's do); a latency when their check measures one.
   */
  components?: Array<{ id: string, measuresLatency: boolean }>
}

/** Rows for every minute from the start of the first day up to now, minus the gaps: each component's, then the overall. */
export function generateHistory (options: SeedOptions): ComponentCheckRow[] {
  const random = mulberry32(options.seed ?? 2026)
  // Latencies and the declared components' spells draw from generators of their own: the spec's three components keep
  // the statuses the same seed always gave them.
  const latencyRandom = mulberry32((options.seed ?? 2026) ^ 0x5eed)
  const extras = (options.components ?? []).map((component, index) => ({ ...component, random: mulberry32((options.seed ?? 2026) + 7919 * (index + 1)), degraded: new Set<number>() }))
  const nowMinute = minuteOf(options.now)
  const firstDay = dayOfMinute(nowMinute) - options.days + 1
  const start = firstDay * MINUTES_PER_DAY
  const overrides = new Map<number, Partial<ComponentStatuses>>()
  const gaps = new Set<number>()
  const span = (from: number, length: number, apply: (minute: number) => void) => {
    for (let minute = from; minute < Math.min(from + length, nowMinute + 1); minute++) apply(minute)
  }
  const mark = (from: number, length: number, status: Partial<ComponentStatuses>) =>
    span(from, length, (minute) => overrides.set(minute, { ...overrides.get(minute), ...status }))

  const randomOutages = options.outages === undefined
  for (let day = 0; day < options.days; day++) {
    const dayStart = start + day * MINUTES_PER_DAY
    const at = () => dayStart + Math.floor(random() * MINUTES_PER_DAY)
    // The draws happen either way, so the same seed gives the same spells and gaps with or without outages.
    if (random() < 0.12) mark(at(), 5 + Math.floor(random() * 60), { bot: 'degraded' }) // some shards reconnecting
    const cache = [random() < 0.06, at(), 2 + Math.floor(random() * 20)] as const
    const database = [random() < 0.03, at(), 3 + Math.floor(random() * 25)] as const
    const bot = [random() < 0.04, at(), 2 + Math.floor(random() * 15)] as const
    if (randomOutages && cache[0]) mark(cache[1], cache[2], { cache: 'down' }) // Redis restart
    if (randomOutages && database[0]) mark(database[1], database[2], { database: 'down' }) // database outage
    if (randomOutages && bot[0]) mark(bot[1], bot[2], { bot: 'down' }) // gateway outage
    if (random() < 0.10) span(at(), 1 + Math.floor(random() * 10), (minute) => gaps.add(minute)) // deploy, nothing recorded
  }
  for (const outage of options.outages ?? []) {
    const from = minuteOf(outage.from)
    mark(from, minuteOf(outage.to) - from, outage.status)
  }
  for (const extra of extras) {
    for (let day = 0; day < options.days; day++) {
      const at = start + day * MINUTES_PER_DAY + Math.floor(extra.random() * MINUTES_PER_DAY)
      const length = 3 + Math.floor(extra.random() * 40)
      if (extra.random() < 0.08) span(at, length, (minute) => extra.degraded.add(minute)) // slow answers for a while
    }
  }
  // One day with no record at all (the monitor itself was off), so `no_data` shows in the demo.
  if (options.days > 30) span(start + (options.days - 30) * MINUTES_PER_DAY, MINUTES_PER_DAY, (minute) => gaps.add(minute))

  const rows: ComponentCheckRow[] = []
  for (let minute = start; minute <= nowMinute; minute++) {
    if (gaps.has(minute)) continue
    const components: ComponentStatuses = { database: 'ok', cache: 'ok', bot: 'ok', ...overrides.get(minute) }
    let overall = overallStatus(components)
    rows.push(
      { minute, component: 'database', status: components.database, latencyMs: latency(components.database, 0.8, 2.4, latencyRandom) },
      { minute, component: 'cache', status: components.cache, latencyMs: latency(components.cache, 0.1, 0.6, latencyRandom) },
      { minute, component: 'bot', status: components.bot, latencyMs: latency(components.bot, 35, 25, latencyRandom, 0) }
    )
    for (const extra of extras) {
      const status = extra.degraded.has(minute) ? 'degraded' : 'ok'
      overall = worse(overall, status)
      rows.push({ minute, component: extra.id, status, latencyMs: extra.measuresLatency ? latency(status, 90, 160, latencyRandom, 0) : null })
    }
    rows.push({ minute, component: OVERALL, status: overall, latencyMs: null })
  }
  return rows
}

/** A plausible latency: `base` plus up to `spread` ms, four times as much when degraded, none when down or unknown. */
function latency (status: ComponentStatus, base: number, spread: number, random: () => number, decimals = 1): number | null {
  const drawn = base + random() * spread
  if (status === 'down' || status === 'unknown') return null
  const factor = 10 ** decimals
  return Math.round((status === 'degraded' ? drawn * 4 : drawn) * factor) / factor
}

/** A small, fast, seedable pseudo-random generator (public domain). */
function mulberry32 (seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
