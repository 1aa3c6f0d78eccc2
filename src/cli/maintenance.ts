// `status-api maintenance schedule|end|list`: operators announce planned work and end it — on the database, or on a
// remote instance's operator API (--url), through the same operations (src/operations/).
import type { Config } from '../config/index.ts'
import { TEXT_RULES_HELP, checkId } from '../incidents/rules.ts'
import { TIME_INPUT_HELP } from '../incidents/time-input.ts'
import { UPCOMING_DAYS } from '../incidents/view.ts'
import { LIST_ENDED_DAYS } from '../operations/view.ts'
import { commandWithActions } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'
import { printTable } from './table.ts'

const usage = `status-api maintenance <action> [options]

  schedule --title TEXT --message TEXT --from TIME --to TIME [--component COMPONENT]...
      Schedules a window; prints its id. It is active while FROM <= now < TO, shown as upcoming
      from ${UPCOMING_DAYS} days before it starts.
  end ID
      Ends an active window now, or cancels one that has not started.
  list
      Windows not yet over, and those that ended in the last ${LIST_ENDED_DAYS} days, with their components
      and who scheduled them (BY).

TIME: ${TIME_INPUT_HELP}.
COMPONENT: the id of a component the window affects, as the status file declares it (without a
file: database, cache, bot); repeat the option for several (--component music --component dashboard).
They are under_maintenance while the window is active; a window naming none only informs.
${TEXT_RULES_HELP}
${REMOTE_HELP}`

export const maintenanceCommand = commandWithActions({
  name: 'maintenance',
  usage,
  actions: { schedule, end, list }
})

async function schedule (args: string[], config: Config): Promise<number> {
  const command = 'maintenance schedule'
  const { options, lists } = parseCommandLine(command, args, ['title', 'message', 'from', 'to', ...REMOTE_OPTIONS], [], ['component'])
  const typed = { title: options.title, message: options.message, from: options.from, to: options.to, components: lists.component }
  const operations = operationsFor(command, options, config)
  const window = await asUsage(command, () => operations.scheduleMaintenance(typed))
  console.log(`maintenance ${window.id} scheduled from ${window.startsAt} to ${window.endsAt}`)
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
  if (windows.length === 0) {
    console.log(`no maintenance windows coming, running or ended in the last ${LIST_ENDED_DAYS} days`)
    return 0
  }
  printTable(['ID', 'STATE', 'FROM', 'TO', 'COMPONENTS', 'BY', 'TITLE'],
    windows.map((window) => [String(window.id), window.state, window.startsAt,
      window.state === 'ended' && window.endedAt !== null ? window.endedAt : window.endsAt,
      window.components.length === 0 ? '-' : window.components.join(','),
      `${window.by ?? '-'}${window.endedBy === null ? '' : ` (ended: ${window.endedBy})`}`, window.title]))
  return 0
}
