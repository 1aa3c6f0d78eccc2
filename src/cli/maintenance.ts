// `status-api maintenance schedule|end|list`: operators announce planned work and end it.
import type { Config } from '../config.ts'
import { checkWindow, endMaintenance, scheduleMaintenance } from '../incidents/operations.ts'
import { TEXT_RULES_HELP, checkId, checkMaintenanceComponents, checkMessage, checkTitle, parseComponentReference } from '../incidents/rules.ts'
import { TIME_INPUT_HELP, parseTimeInput } from '../incidents/time-input.ts'
import { UPCOMING_DAYS, maintenanceState } from '../incidents/view.ts'
import { systemClock } from '../lib/clock.ts'
import { loadMaintenances } from '../store/repositories/maintenances.ts'
import { commandWithActions } from './command.ts'
import { asUsage, parseCommandLine, withExistingDatabase } from './options.ts'
import { printTable } from './table.ts'

/** How far back `maintenance list` shows windows that have ended. */
const LIST_ENDED_DAYS = 30

const usage = `status-api maintenance <action> [options]

  schedule --title TEXT --message TEXT --from TIME --to TIME [--component COMPONENT]...
      Schedules a window; prints its id. It is active while FROM <= now < TO, shown as upcoming
      from ${UPCOMING_DAYS} days before it starts.
  end ID
      Ends an active window now, or cancels one that has not started.
  list
      Windows not yet over, and those that ended in the last ${LIST_ENDED_DAYS} days, with their components.

TIME: ${TIME_INPUT_HELP}.
COMPONENT: the id of a component the window affects, as the status file declares it (without a
file: database, cache, bot); repeat the option for several (--component music --component dashboard).
They are under_maintenance while the window is active; a window naming none only informs.
${TEXT_RULES_HELP}`

export const maintenanceCommand = commandWithActions({
  name: 'maintenance',
  usage,
  actions: { schedule, end, list }
})

async function schedule (args: string[], config: Config): Promise<number> {
  const command = 'maintenance schedule'
  const { options, lists } = parseCommandLine(command, args, ['title', 'message', 'from', 'to'], [], ['component'])
  const now = systemClock.now()
  const window = await asUsage(command, () => {
    const checked = {
      title: checkTitle('--title', options.title),
      message: checkMessage('--message', options.message),
      startsAt: parseTimeInput('--from', options.from, now),
      endsAt: parseTimeInput('--to', options.to, now),
      components: checkMaintenanceComponents('--component', lists.component.map(parseComponentReference), config.status)
    }
    checkWindow(checked, now)
    return checked
  })
  const id = await withExistingDatabase(config, (database) => scheduleMaintenance(database.db, window, now))
  console.log(`maintenance ${id} scheduled from ${new Date(window.startsAt).toISOString()} to ${new Date(window.endsAt).toISOString()}`)
  return 0
}

async function end (args: string[], config: Config): Promise<number> {
  const command = 'maintenance end'
  const { positionals } = parseCommandLine(command, args, [], ['maintenance id'])
  const id = await asUsage(command, () => checkId('maintenance', positionals[0]))
  const was = await withExistingDatabase(config, (database) => asUsage(command, () => endMaintenance(database.db, id, systemClock.now())))
  console.log(was === 'scheduled' ? `maintenance ${id} cancelled (it had not started)` : `maintenance ${id} ended`)
  return 0
}

async function list (args: string[], config: Config): Promise<number> {
  parseCommandLine('maintenance list', args, [])
  const now = systemClock.now()
  const rows = await withExistingDatabase(config, (database) =>
    loadMaintenances(database.db, new Date(now - LIST_ENDED_DAYS * 86_400_000).toISOString()))
  if (rows.length === 0) {
    console.log(`no maintenance windows coming, running or ended in the last ${LIST_ENDED_DAYS} days`)
    return 0
  }
  printTable(['ID', 'STATE', 'FROM', 'TO', 'COMPONENTS', 'TITLE'],
    rows.map((row) => {
      const state = maintenanceState(row, now)
      const components = row.components.length === 0 ? '-' : row.components.join(',')
      return [String(row.id), state, row.starts_at, state === 'ended' && row.ended_at !== null ? row.ended_at : row.ends_at, components, row.title]
    }))
  return 0
}
