// Durations as the status file writes them (30s, 2m, 800ms, 1h, 1m30s): read into milliseconds and written back.

/**
 * Hours, minutes, seconds and milliseconds, each at most once and in that order, at least one of them. The
 * lookahead after `m` keeps `800ms` from reading as 800 minutes followed by a stray `s`.
 */
export const DURATION_PATTERN = '^(?=\\d)(?:(\\d+)h)?(?:(\\d+)m(?!s))?(?:(\\d+)s)?(?:(\\d+)ms)?$'

export const DURATION_RULE = 'must be a duration such as 30s, 2m or 800ms'

const DURATION = new RegExp(DURATION_PATTERN)
const UNITS_MS = [3_600_000, 60_000, 1000, 1] as const

/** Milliseconds of a duration such as `1m30s`; undefined when the text is not one. */
export function parseDuration (text: string): number | undefined {
  const match = DURATION.exec(text)
  if (match === null) return undefined
  return UNITS_MS.reduce((total, unitMs, index) => total + Number(match[index + 1] ?? 0) * unitMs, 0)
}

/** The shortest way to write `ms` in the file's form: 90000 → `1m30s`, 800 → `800ms`, 0 → `0s`. */
export function formatDuration (ms: number): string {
  if (ms === 0) return '0s'
  let rest = ms
  let text = ''
  for (const [unitMs, unit] of [[3_600_000, 'h'], [60_000, 'm'], [1000, 's'], [1, 'ms']] as const) {
    const amount = Math.floor(rest / unitMs)
    if (amount > 0) text += `${amount}${unit}`
    rest -= amount * unitMs
  }
  return text
}
