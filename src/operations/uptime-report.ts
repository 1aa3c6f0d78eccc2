// One month's uptime report (`status-api report uptime`, GET /v1/reports/uptime): per component the month's uptime, the
// target met or missed, minutes by status and each incident that touched it; as JSON, Markdown or RFC 4180 CSV.
import { stringify } from 'csv-stringify/sync'
import type { UptimeReport } from '../api/uptime.ts'
import type { UptimePolicy } from '../declaration/declaration.ts'
import { InvalidInput } from '../incidents/rules.ts'
import { dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { buildUptimeBody, type NamedComponent } from '../monitor/uptime-body.ts'
import type { UptimeData } from '../monitor/uptime-data.ts'
import { dayOfCalendarDate, type UptimeQuery } from '../monitor/uptime-query.ts'
import { ROLLUP_RETENTION_DAYS } from '../monitor/history.ts'

export const REPORT_FORMATS = ['md', 'csv', 'json'] as const
export type ReportFormat = typeof REPORT_FORMATS[number]

export interface ReportInput {
  /** YYYY-MM, as typed. */
  month: string
  /** Component ids as typed; none: every component. */
  components?: readonly string[]
}

/** How refusals name the inputs: `--month` and `--component` (the CLI), `month` and `component` (the operator API). */
export interface ReportLabels {
  month: string
  component: string
}

/** The window of a month up to today (from the first day kept), its components checked; InvalidInput with one line otherwise. */
export function reportQuery (input: ReportInput, declared: readonly string[], now: number, labels: ReportLabels): UptimeQuery {
  const today = dayOfMinute(minuteOf(now))
  const month = typeof input.month === 'string' ? input.month : ''
  const first = /^\d{4}-\d{2}$/.test(month) ? dayOfCalendarDate(`${month}-01`) : undefined
  if (first === undefined) throw new InvalidInput(`${labels.month} must be a month YYYY-MM, such as 2026-11 (got ${JSON.stringify(month.slice(0, 40))})`)
  if (first > today) throw new InvalidInput(`${labels.month} ${month} has not begun yet`)
  const next = dayOfCalendarDate(nextMonth(month))!
  const firstKept = today - ROLLUP_RETENTION_DAYS
  if (next - 1 < firstKept) throw new InvalidInput(`${labels.month} ${month} is older than the days kept (${ROLLUP_RETENTION_DAYS} days)`)
  const seen = new Set<string>()
  for (const id of input.components ?? []) {
    if (typeof id !== 'string' || !declared.includes(id)) {
      throw new InvalidInput(`${labels.component} ${JSON.stringify(String(id).slice(0, 64))} is not a declared component (components: ${declared.join(', ')})`)
    }
    if (seen.has(id)) throw new InvalidInput(`${labels.component} ${id} is given more than once`)
    seen.add(id)
  }
  return {
    fromDay: Math.max(first, firstKept),
    toDay: Math.min(next - 1, today),
    components: seen.size === 0 ? [...declared] : declared.filter((id) => seen.has(id)),
    by: 'month'
  }
}

function nextMonth (month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`
}

export function buildUptimeReport (data: UptimeData, query: UptimeQuery, policy: UptimePolicy, named: readonly NamedComponent[], month: string): UptimeReport {
  const body = buildUptimeBody(data, query, policy, named)
  const { periods: _overallPeriods, ...overall } = body.overall
  return {
    month,
    from: body.from,
    to: body.to,
    formula: body.formula,
    target: body.target,
    overall,
    components: body.components.map(({ periods: _periods, ...component }) => component)
  }
}

const percentText = (value: number | null) => value === null ? 'no data' : `${value} %`
const metText = (met: boolean | null) => met === null ? '' : met ? 'met' : 'missed'

/** Markdown: a table of components, then each one's incidents; pipes and line breaks in titles are escaped. */
export function reportAsMarkdown (report: UptimeReport): string {
  const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ')
  const { weights, maintenance } = report.formula
  const lines = [
    `# Uptime ${report.month}`,
    '',
    `${report.from} to ${report.to} (UTC). Uptime = 1 − Σ(weight × minutes) / (minutes − no-data minutes − excluded maintenance minutes); ` +
      `weights: degraded_performance ${weights.degraded_performance}, partial_outage ${weights.partial_outage}, major_outage ${weights.major_outage}; maintenance: ${maintenance}.`,
    '',
    `Overall: ${percentText(report.overall.uptimePercent)}${report.target === null ? '' : ` (target ${report.target} %: ${metText(report.overall.targetMet) || 'no data'})`}`,
    '',
    '| Component | Uptime | Target | Minutes | Down | Degraded | Partial | Major | Maintenance | No data |',
    '|---|---|---|---|---|---|---|---|---|---|'
  ]
  for (const c of report.components) {
    lines.push(`| ${cell(c.name)} (${c.id}) | ${percentText(c.uptimePercent)} | ${metText(c.targetMet)} | ${c.minutes} | ${c.downMinutes} | ${c.degradedMinutes} | ` +
      `${c.partialMinutes} | ${c.majorMinutes} | ${c.maintenanceMinutes} | ${c.noDataMinutes} |`)
  }
  for (const c of report.components) {
    if (c.incidents.length === 0) continue
    lines.push('', `## Incidents: ${cell(c.name)}`, '', '| Incident | Impact | Status | Started | Resolved | Duration (min) | In the month (min) |', '|---|---|---|---|---|---|---|')
    for (const i of c.incidents) {
      lines.push(`| #${i.id} ${cell(i.title)} | ${i.impact} | ${i.status} | ${i.startedAt} | ${i.resolvedAt ?? 'open'} | ${i.durationMinutes} | ${i.windowMinutes} |`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** RFC 4180 (CRLF, quoted where needed): one row per component, then one per incident and component it touched. */
export function reportAsCsv (report: UptimeReport): string {
  const rows: unknown[][] = []
  for (const c of report.components) {
    rows.push([report.month, 'component', c.id, c.name, c.uptimePercent ?? '', report.target ?? '', metText(c.targetMet), c.minutes, c.downMinutes,
      c.operationalMinutes, c.degradedMinutes, c.partialMinutes, c.majorMinutes, c.maintenanceMinutes, c.noDataMinutes, '', '', '', '', '', '', ''])
    for (const i of c.incidents) {
      rows.push([report.month, 'incident', c.id, c.name, '', '', '', '', '', '', '', '', '', '', '', i.id, i.title, i.impact, i.startedAt, i.resolvedAt ?? '', i.durationMinutes, i.windowMinutes])
    }
  }
  return stringify(rows, {
    header: true,
    record_delimiter: 'windows',
    columns: ['month', 'row', 'component', 'name', 'uptimePercent', 'target', 'targetMet', 'minutes', 'downMinutes', 'operationalMinutes', 'degradedMinutes',
      'partialMinutes', 'majorMinutes', 'maintenanceMinutes', 'noDataMinutes', 'incident', 'title', 'impact', 'startedAt', 'resolvedAt', 'durationMinutes', 'windowMinutes']
  })
}

export function formatReport (report: UptimeReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  return format === 'csv' ? reportAsCsv(report) : reportAsMarkdown(report)
}
