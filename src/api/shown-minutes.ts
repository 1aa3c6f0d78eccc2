// What the page showed of a component in a minute, as one code per stored minute, and a day's minutes per code: the
// input of the uptime formula (src/monitor/uptime-formula.ts). Weights are applied only when read, so the stored counts never change.

/** The four statuses a minute can be weighed by. */
export const WEIGHED = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'] as const
export type Weighed = typeof WEIGHED[number]

/**
 * A minute's code: a weighed status the page showed, `unknown` (nothing known: no data), or `maintenance:<status>`
 * while a window showed, with the status beneath it (what counts under `maintenance: counted`; `unknown` when none).
 */
export type ShownCode = Weighed | 'unknown' | `maintenance:${Weighed | 'unknown'}`

/** Minutes per code of one day and component; codes without minutes are absent. */
export type ShownMinutes = Partial<Record<ShownCode, number>>

const MEASURED: Record<string, Weighed | 'unknown'> = { ok: 'operational', degraded: 'degraded_performance', down: 'major_outage' }

/** The code of a minute recorded before the page's status was (or without it): its measured status. */
export function codeOfMeasured (status: string): ShownCode {
  return MEASURED[status] ?? 'unknown'
}

/** The code of a component as the page shows it, with its measured public status beneath a window. */
export function codeOfView (shown: string, beneath: string | undefined): ShownCode {
  if (shown === 'under_maintenance') return `maintenance:${isWeighed(beneath) ? beneath : 'unknown'}`
  return isWeighed(shown) ? shown : 'unknown'
}

export function isWeighed (value: unknown): value is Weighed {
  return (WEIGHED as readonly unknown[]).includes(value)
}

const CODES: readonly ShownCode[] = [
  'unknown', ...WEIGHED, ...(['unknown', ...WEIGHED] as const).map((status) => `maintenance:${status}` as const)
]

export function isShownCode (value: unknown): value is ShownCode {
  return (CODES as readonly unknown[]).includes(value)
}

/**
 * The order in which two replicas' codes for one minute are merged (the worse one wins, as for measured statuses):
 * nothing known, operational, maintenance, then the outages by severity. Both databases apply it (src/store/repositories/component-checks.ts).
 */
export const SHOWN_ORDER: readonly ShownCode[] = [
  'unknown', 'operational', 'maintenance:unknown', 'maintenance:operational', 'maintenance:degraded_performance',
  'maintenance:partial_outage', 'maintenance:major_outage', 'degraded_performance', 'partial_outage', 'major_outage'
]

/** A stored `minutes` column: JSON of ShownMinutes; anything not a known code with a whole count is left out. */
export function parseShownMinutes (text: string | null): ShownMinutes | null {
  if (text === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const minutes: ShownMinutes = {}
  for (const [code, count] of Object.entries(parsed)) {
    if (isShownCode(code) && Number.isInteger(count) && count > 0) minutes[code] = count
  }
  return minutes
}

/** The stored form: codes in SHOWN_ORDER, so equal counts give equal text. */
export function formatShownMinutes (minutes: ShownMinutes): string {
  const ordered: ShownMinutes = {}
  for (const code of SHOWN_ORDER) if ((minutes[code] ?? 0) > 0) ordered[code] = minutes[code]
  return JSON.stringify(ordered)
}

/** A day rolled up before minutes were kept by what the page showed: its check counts, as measured statuses. */
export function minutesOfCounts (checks: number, degraded: number, down: number): ShownMinutes {
  const minutes: ShownMinutes = {}
  const operational = checks - degraded - down
  if (operational > 0) minutes.operational = operational
  if (degraded > 0) minutes.degraded_performance = degraded
  if (down > 0) minutes.major_outage = down
  return minutes
}

export function addMinutes (into: ShownMinutes, from: ShownMinutes): void {
  for (const [code, count] of Object.entries(from) as Array<[ShownCode, number]>) into[code] = (into[code] ?? 0) + count
}
