// The status file's `maintenance:` series checked with the operator doors' own rules (src/lib/recurrence.ts):
// each refusal is one StatusFileError at the key that breaks it.
import { Temporal } from 'temporal-polyfill'
import { checkRecurrence, checkRule, checkTimeZone, MAX_DURATION_MS } from '../lib/recurrence.ts'
import { InvalidInput } from '../lib/invalid-input.ts'
import type { DeclaredComponent, DeclaredSeries } from './declaration.ts'
import { parseDuration } from './duration.ts'
import { StatusFileError, type FilePath } from './file-error.ts'
import type { StatusFile } from './file-schema.ts'

type FileSeries = NonNullable<StatusFile['maintenance']>[number]

/** The first start a series would get if it were written on `now`: the file's date, or that day in its zone. */
export function firstStartOf (start: string, timeZone: string, now: number): string {
  if (start.includes('T')) return start
  return `${Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone).toPlainDate().toString()}T${start}`
}

/** The file's series, checked; `now` dates a time-only start for the checks that need occurrences. */
export function declaredSeries (series: readonly FileSeries[], components: readonly DeclaredComponent[], now = Date.now()): DeclaredSeries[] {
  const declared: DeclaredSeries[] = []
  for (const [index, file] of series.entries()) {
    const at: FilePath = ['maintenance', index]
    const first = declared.findIndex((earlier) => earlier.id === file.id)
    if (first >= 0) throw new StatusFileError([...at, 'id'], `is already the id of maintenance[${first}]`)
    const refused = (key: string, check: () => void) => {
      try {
        check()
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error
        // The rules name their input first ("rrule: …", "timezone "…" is …"); the path names it here.
        throw new StatusFileError([...at, key], error.message.replace(new RegExp(`^${key}:? `), ''))
      }
    }
    let rrule = ''
    let timeZone = 'UTC'
    refused('rrule', () => { rrule = checkRule('rrule', file.rrule) })
    refused('timezone', () => { timeZone = checkTimeZone('timezone', file.timezone) })
    const durationMs = parseDuration(file.duration)!
    if (durationMs < 60_000) throw new StatusFileError([...at, 'duration'], 'must be at least 1m')
    if (durationMs > MAX_DURATION_MS) throw new StatusFileError([...at, 'duration'], 'must be at most 7 days (168h)')
    const remind = file.remind
    const remindMinutes = remind === undefined ? null : typeof remind === 'number' ? remind : parseDuration(remind)! / 60_000
    if (remindMinutes !== null && (!Number.isInteger(remindMinutes) || remindMinutes > 10080)) {
      throw new StatusFileError([...at, 'remind'], 'must be whole minutes from 0 to 10080 (a week)')
    }
    for (const [position, id] of (file.components ?? []).entries()) {
      if (!components.some((component) => component.id === id)) {
        throw new StatusFileError([...at, 'components', position], `"${id}" is not a declared component (declared: ${components.map((component) => component.id).join(', ')})`)
      }
    }
    const recurrence = { rrule, start: firstStartOf(file.start, timeZone, now), timeZone, durationMs }
    try {
      checkRecurrence(recurrence, { rrule: 'rrule', from: 'start', duration: 'duration' })
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error
      const key = /^(rrule|start|duration)\b/.exec(error.message)?.[1] ?? 'rrule'
      throw new StatusFileError([...at, key], error.message.replace(new RegExp(`^${key}:? `), ''))
    }
    declared.push({
      id: file.id, title: file.title.trim(), message: file.message.trim(), rrule, start: file.start, timeZone, durationMs, remindMinutes,
      components: [...file.components ?? []].sort()
    })
  }
  return declared
}
