// `status-api maintenance schedule|end|list|end-series|show-series`: operators announce planned work and end it — on the database, or on a
// remote instance's operator API (--url), through the same operations (src/operations/).
import type { Config } from '../config/index.ts'
import { TEXT_RULES_HELP, checkId } from '../incidents/rules.ts'
import { TIME_INPUT_HELP } from '../incidents/time-input.ts'
import { UPCOMING_DAYS } from '../incidents/view.ts'
import { RRULE_HELP } from '../lib/recurrence.ts'
import { MATERIALISE_DAYS } from '../incidents/series.ts'
import { LIST_ENDED_DAYS } from '../operations/view.ts'
import { commandWithActions } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'
import { printTable } from './table.ts'

const usage = `status-api maintenance <action> [options]

  schedule --title TEXT --message TEXT --from TIME (--to TIME | --duration DURATION) [--timezone ZONE]
           [--repeat RULE] [--remind MINUTES] [--component COMPONENT]...
      Schedules a window; prints its id. It is active while FROM <= now < TO, shown as upcoming
      from ${UPCOMING_DAYS} days before it starts. With --repeat it is a series: FROM is the first start,
      each occurrence lasts DURATION and keeps its local time in ZONE across daylight saving changes
      (03:00 Europe/Berlin stays 03:00 there); occurrences are written ${MATERIALISE_DAYS} days ahead.
  end ID
      Ends an active window now, or cancels one that has not started (one occurrence of a series:
      the others stay).
  end-series SERIES
      Ends a series: no occurrences from now on; a running one ends now.
  show-series SERIES
      A series and its next 10 occurrences (UTC).
  list
      Windows not yet over, and those that ended in the last ${LIST_ENDED_DAYS} days, with their components
      and who scheduled them (BY); then each series with its next occurrence.

TIME: ${TIME_INPUT_HELP}; with --timezone also a local time without zone (2026-12-06T03:00), read in ZONE.
ZONE: an IANA time zone such as Europe/Berlin or America/New_York; UTC when omitted.
DURATION: 1h, 90m, 2h30m; at most 7 days.
RULE: ${RRULE_HELP}. FREQ DAILY, WEEKLY or MONTHLY; INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL.
MINUTES: how long before each start the maintenance.reminder goes out (60, 60m, 1h; 0: none); the
server's MAINTENANCE_REMIND_MINUTES (60) when omitted.
COMPONENT: the id of a component the window affects, as the status file declares it (without a
file: database, cache, bot); repeat the option for several (--component music --component dashboard).
They are under_maintenance while the window is active; a window naming none only informs.
${TEXT_RULES_HELP}
${REMOTE_HELP}`

export const maintenanceCommand = commandWithActions({
  name: 'maintenance',
  usage,
  actions: { schedule, end, list, 'end-series': endSeries, 'show-series': showSeries }
})

async function schedule (args: string[], config: Config): Promise<number> {
  const command = 'maintenance schedule'
  const { options, lists } = parseCommandLine(command, args,
    ['title', 'message', 'from', 'to', 'duration', 'timezone', 'repeat', 'remind', ...REMOTE_OPTIONS], [], ['component'])
  const typed = {
    title: options.title, message: options.message, from: options.from, to: options.to, duration: options.duration,
    timezone: options.timezone, rrule: options.repeat, remind: options.remind, components: lists.component
  }
  const operations = operationsFor(command, options, config)
  const window = await asUsage(command, () => operations.scheduleMaintenance(typed))
  if (window.series !== undefined) {
    console.log(`maintenance series ${window.series.id} scheduled: ${window.series.rrule} at ${window.series.start.slice(11)} ${window.series.timezone} for ${window.series.duration}`)
    console.log(`first occurrence: maintenance ${window.id} from ${window.startsAt} to ${window.endsAt}`)
    return 0
  }
  console.log(`maintenance ${window.id} scheduled from ${window.startsAt} to ${window.endsAt}`)
  return 0
}

async function endSeries (args: string[], config: Config): Promise<number> {
  const command = 'maintenance end-series'
  const { options, positionals } = parseCommandLine(command, args, [...REMOTE_OPTIONS], ['series id'])
  const operations = operationsFor(command, options, config)
  const series = await asUsage(command, () => operations.endSeries(positionals[0]!))
  console.log(`maintenance series ${series.id} ended at ${series.endedAt}`)
  return 0
}

async function showSeries (args: string[], config: Config): Promise<number> {
  const command = 'maintenance show-series'
  const { options, positionals } = parseCommandLine(command, args, [...REMOTE_OPTIONS], ['series id'])
  const operations = operationsFor(command, options, config)
  const series = await asUsage(command, () => operations.getSeries(positionals[0]!))
  console.log(`${series.id}: ${series.title} · ${series.rrule} from ${series.start} ${series.timezone} · ${series.duration} · ` +
    `remind ${series.remindMinutes === null ? 'default' : `${series.remindMinutes}m`}${series.endedAt === null ? '' : ` · ended ${series.endedAt}`}`)
  printTable(['STARTS', 'ENDS'], series.next.map((next) => [next.startsAt, next.endsAt]))
  return 0
}

async function end (args: string[], config: Config): Promise<number> {
  const command = 'maintenance end'
  const { options, positionals } = parseCommandLine(command, args, [...REMOTE_OPTIONS], ['maintenance id'])
  const id = await asUsage(command, () => checkId('maintenance', positionals[0]))
  const operations = operationsFor(command, options, config)
  const { was } = await asUsage(command, () => operations.endMaintenance(id))
  console.log(was === 'scheduled' ? `maintenance ${id} cancelled (it had not started)` : `maintenance ${id} ended`)
  return 0
}

async function list (args: string[], config: Config): Promise<number> {
  const command = 'maintenance list'
  const { options } = parseCommandLine(command, args, [...REMOTE_OPTIONS])
  const operations = operationsFor(command, options, config)
  const windows = await asUsage(command, () => operations.listMaintenance())
  const series = await asUsage(command, () => operations.listSeries())
  if (windows.length === 0 && series.length === 0) {
    console.log(`no maintenance windows coming, running or ended in the last ${LIST_ENDED_DAYS} days`)
    return 0
  }
  printTable(['ID', 'STATE', 'FROM', 'TO', 'COMPONENTS', 'BY', 'TITLE'],
    windows.map((window) => [String(window.id), window.state, window.startsAt,
      window.state === 'ended' && window.endedAt !== null ? window.endedAt : window.endsAt,
      window.components.length === 0 ? '-' : window.components.join(','),
      `${window.by ?? '-'}${window.endedBy === null ? '' : ` (ended: ${window.endedBy})`}`, window.title]))
  if (series.length > 0) {
    console.log('')
    printTable(['SERIES', 'RULE', 'ZONE', 'DURATION', 'NEXT', 'TITLE'], series.map((one) => [one.id, one.rrule, one.timezone, one.duration,
      one.endedAt !== null ? `ended ${one.endedAt}` : one.next[0]?.startsAt ?? '-', one.title]))
  }
  return 0
}
