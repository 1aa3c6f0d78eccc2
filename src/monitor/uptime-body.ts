// One uptime body from the data in memory (./uptime-data.ts), a checked query (./uptime-query.ts) and the policy in
// force: per component and period the minutes by what the page showed, weighed by the formula (./uptime-formula.ts).
import type { UptimeBody, UptimeComponentBody, UptimeIncidentBody, UptimePeriodBody } from '../api/uptime.ts'
import type { UptimePolicy } from '../declaration/declaration.ts'
import { affectedComponents } from '../incidents/component-status.ts'
import type { IncidentImpact } from '../incidents/rules.ts'
import { MINUTES_PER_DAY, dateOfDay, dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { figuresOf, meanPercent, type UptimeFigures } from './uptime-formula.ts'
import { addMinutes, type ShownMinutes } from '../api/shown-minutes.ts'
import type { UptimeData } from './uptime-data.ts'
import type { UptimeQuery } from './uptime-query.ts'

export interface NamedComponent {
  id: string
  name: string
}

interface Period {
  start: number
  end: number
}

/** The window's periods: each day, or each calendar month cut to the window. */
export function periodsOf (fromDay: number, toDay: number, by: 'day' | 'month'): Period[] {
  const periods: Period[] = []
  for (let day = fromDay; day <= toDay;) {
    let end = day
    if (by === 'month') {
      const month = dateOfDay(day).slice(0, 7)
      while (end + 1 <= toDay && dateOfDay(end + 1).slice(0, 7) === month) end++
    }
    periods.push({ start: day, end })
    day = end + 1
  }
  return periods
}

export function buildUptimeBody (data: UptimeData, query: UptimeQuery, policy: UptimePolicy, named: readonly NamedComponent[]): UptimeBody {
  const nowMinute = minuteOf(data.now)
  const today = dayOfMinute(nowMinute)
  const minutesOfDay = (day: number) => day < today ? MINUTES_PER_DAY : day === today ? nowMinute - today * MINUTES_PER_DAY + 1 : 0
  const periods = periodsOf(query.fromDay, query.toDay, query.by)
  const targetMet = (percent: number | null) => policy.target === null || percent === null ? null : percent >= policy.target

  const components: UptimeComponentBody[] = []
  for (const id of query.components) {
    const days = data.days.get(id)
    const whole: ShownMinutes = {}
    let wholeMinutes = 0
    let wholeSplit = true
    const componentPeriods: UptimePeriodBody[] = []
    for (const period of periods) {
      const shown: ShownMinutes = {}
      let minutes = 0
      let split = true
      for (let day = period.start; day <= period.end; day++) {
        minutes += minutesOfDay(day)
        const entry = days?.get(day)
        if (entry === undefined) continue
        addMinutes(shown, entry.minutes)
        split &&= entry.split
      }
      addMinutes(whole, shown)
      wholeMinutes += minutes
      wholeSplit &&= split
      const figures = figuresOf(shown, minutes, policy)
      componentPeriods.push({ start: dateOfDay(period.start), end: dateOfDay(period.end), ...withTarget(figures, targetMet), splitByStatus: split })
    }
    const figures = figuresOf(whole, wholeMinutes, policy)
    components.push({
      id,
      name: named.find((component) => component.id === id)?.name ?? id,
      ...withTarget(figures, targetMet),
      splitByStatus: wholeSplit,
      incidents: incidentsOf(data, id, query, nowMinute),
      periods: componentPeriods
    })
  }

  const withData = (pick: (component: UptimeComponentBody) => UptimePeriodBody | UptimeComponentBody) =>
    components.map(pick).filter((figures) => figures.uptimePercent !== null)
  const overallOf = (list: Array<UptimePeriodBody | UptimeComponentBody>, minutes: number) => {
    const sum = (key: 'downMinutes' | 'operationalMinutes' | 'degradedMinutes' | 'partialMinutes' | 'majorMinutes' | 'maintenanceMinutes' | 'noDataMinutes') =>
      Math.round(list.reduce((total, figures) => total + figures[key], 0) * 10_000) / 10_000
    const uptimePercent = meanPercent(list.map((figures) => figures.uptimePercent))
    return {
      uptimePercent,
      targetMet: targetMet(uptimePercent),
      minutes: minutes * list.length,
      downMinutes: sum('downMinutes'),
      operationalMinutes: sum('operationalMinutes'),
      degradedMinutes: sum('degradedMinutes'),
      partialMinutes: sum('partialMinutes'),
      majorMinutes: sum('majorMinutes'),
      maintenanceMinutes: sum('maintenanceMinutes'),
      noDataMinutes: sum('noDataMinutes'),
      splitByStatus: list.every((figures) => figures.splitByStatus)
    }
  }
  const windowMinutes = periods.reduce((total, period) => total + spanMinutes(period, minutesOfDay), 0)
  const overallList = withData((component) => component)
  return {
    from: dateOfDay(query.fromDay),
    to: dateOfDay(query.toDay),
    by: query.by,
    formula: { weights: { operational: 0, ...policy.weights }, maintenance: policy.maintenance },
    target: policy.target,
    overall: {
      ...overallOf(overallList, windowMinutes),
      components: overallList.length,
      periods: periods.map((period, index) => ({
        start: dateOfDay(period.start), end: dateOfDay(period.end), ...overallOf(withData((component) => component.periods[index]!), spanMinutes(period, minutesOfDay))
      }))
    },
    components
  }
}

function spanMinutes (period: Period, minutesOfDay: (day: number) => number): number {
  let minutes = 0
  for (let day = period.start; day <= period.end; day++) minutes += minutesOfDay(day)
  return minutes
}

function withTarget (figures: UptimeFigures, targetMet: (percent: number | null) => boolean | null) {
  const { uptimePercent, ...rest } = figures
  return { uptimePercent, targetMet: targetMet(uptimePercent), ...rest }
}

/** The incidents naming `id` that overlapped the window, with their whole duration and the part inside it. */
function incidentsOf (data: UptimeData, id: string, query: UptimeQuery, nowMinute: number): UptimeIncidentBody[] {
  const windowStart = query.fromDay * MINUTES_PER_DAY
  const windowEnd = Math.min((query.toDay + 1) * MINUTES_PER_DAY, nowMinute + 1)
  const list: UptimeIncidentBody[] = []
  for (const incident of data.incidents) {
    const affected = affectedComponents(incident.impact as IncidentImpact, incident.components).find((component) => component.id === id)
    if (affected === undefined) continue
    const start = Date.parse(incident.startedAt) / 60_000
    const end = incident.resolvedAt === null ? data.now / 60_000 : Date.parse(incident.resolvedAt) / 60_000
    const inside = Math.min(end, windowEnd) - Math.max(start, windowStart)
    if (inside <= 0 && !(start >= windowStart && start < windowEnd)) continue
    list.push({
      id: incident.id,
      title: incident.title,
      impact: incident.impact,
      status: affected.status,
      startedAt: incident.startedAt,
      resolvedAt: incident.resolvedAt,
      durationMinutes: Math.max(0, Math.round(end - start)),
      windowMinutes: Math.max(0, Math.round(inside))
    })
  }
  return list
}
