// Time slots of the history: minutes and UTC days since the Unix epoch, and their ISO names.
export const MINUTE_MS = 60_000
export const MINUTES_PER_DAY = 1440
export const DAY_MS = MINUTE_MS * MINUTES_PER_DAY

/** The minute slot (minutes since the epoch, UTC) that contains `ms`. */
export function minuteOf (ms: number): number {
  return Math.floor(ms / MINUTE_MS)
}

/** The UTC day (days since the epoch) that contains the minute slot. */
export function dayOfMinute (minute: number): number {
  return Math.floor(minute / MINUTES_PER_DAY)
}

/** `YYYY-MM-DD` of a day number. */
export function dateOfDay (day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** The day number of a `YYYY-MM-DD` date. */
export function dayOfDate (date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS)
}

export function isoOfMinute (minute: number): string {
  return new Date(minute * MINUTE_MS).toISOString()
}
