// Reads the times operators type for --from/--to: ISO 8601 with a zone, `now`, or an offset from now such as +2h.
import { InvalidInput, printable } from './rules.ts'

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i
const RELATIVE = /^(?:now)?([+-])((?:\d{1,6}[mhdw])+)$/i
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

export const TIME_INPUT_HELP = 'an ISO 8601 time with a zone (2026-11-21T22:00Z, 2026-11-21T23:00+01:00), now, or an offset from now (+2h, +1d12h, -30m; units m, h, d, w)'

/** Milliseconds since the epoch for `text`, read against `now`; InvalidInput naming `label` otherwise. */
export function parseTimeInput (label: string, text: string | undefined, now: number): number {
  if (text === undefined) throw new InvalidInput(`${label} is required: ${TIME_INPUT_HELP}`)
  const value = text.trim()
  if (value.toLowerCase() === 'now') return now
  const relative = RELATIVE.exec(value)
  if (relative !== null) return now + (relative[1] === '-' ? -1 : 1) * durationMs(relative[2]!)
  const iso = ISO.exec(value)
  const time = iso === null ? undefined : isoTime(iso)
  if (time !== undefined) return time
  const noZone = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/i.test(value)
  throw new InvalidInput(noZone
    ? `${label} "${printable(value)}" has no time zone; add Z for UTC or an offset such as +01:00`
    : `${label} "${printable(value)}" is not a time; use ${TIME_INPUT_HELP}`)
}

function durationMs (parts: string): number {
  let total = 0
  for (const [, amount, unit] of parts.matchAll(/(\d+)([mhdw])/gi)) total += Number(amount) * UNIT_MS[unit!.toLowerCase()]!
  return total
}

/** The instant of a matched ISO 8601 time, or undefined when a field is out of range (Feb 30, 24:00, +15:00). */
function isoTime (match: RegExpExecArray): number | undefined {
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => part === undefined ? undefined : Number(part)) as number[]
  const fraction = match[7] === undefined ? 0 : Math.floor(Number(`0.${match[7]}`) * 1000)
  const offsetMinutes = match[8] !== undefined ? 0 : (match[9] === '-' ? -1 : 1) * (Number(match[10]) * 60 + Number(match[11]))
  if (hour! > 23 || minute! > 59 || second > 59 || Math.abs(offsetMinutes) > 14 * 60 || Number(match[11] ?? 0) > 59) return undefined
  const local = Date.UTC(year!, month! - 1, day!, hour!, minute!, second, fraction)
  const date = new Date(local)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return undefined
  return local - offsetMinutes * 60_000
}
