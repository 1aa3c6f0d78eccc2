// `status-api component set|clear`: an operator's status on a manual component — on the database, or on a remote
// instance's operator API (--url), through the same operations (src/operations/; the domain's is manual-components.ts).
import type { Config } from '../config/index.ts'
import { MANUAL_STATUSES } from '../operations/manual-components.ts'
import { commandWithActions } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'

const usage = `status-api component <action> [options]

  set ID STATUS [--message TEXT]
      Sets the status of a component the status file declares with check: { manual: true }.
      STATUS: ${MANUAL_STATUSES.join(', ')}. The message is shown with the component.
  clear ID
      Clears it: the component is operational again.

Every replica shows the change within 15 s. Incidents naming the component still add to it, and an
active maintenance window still shows it under_maintenance.
${REMOTE_HELP}`

export const componentCommand = commandWithActions({
  name: 'component',
  usage,
  actions: { set, clear }
})

async function set (args: string[], config: Config): Promise<number> {
  const command = 'component set'
  const { options, positionals } = parseCommandLine(command, args, ['message', ...REMOTE_OPTIONS], ['component id', 'status'])
  const [id, status] = positionals as [string, string]
  const input = { status, message: options.message }
  const operations = operationsFor(command, options, config)
  const set = await asUsage(command, () => operations.setComponentStatus(id, input))
  console.log(`component ${id}: ${status}${set.by === null ? '' : ` (set${byWords(set.by)})`}`)
  return 0
}

async function clear (args: string[], config: Config): Promise<number> {
  const command = 'component clear'
  const { options, positionals } = parseCommandLine(command, args, [...REMOTE_OPTIONS], ['component id'])
  const id = positionals[0]!
  const operations = operationsFor(command, options, config)
  const cleared = await asUsage(command, () => operations.clearComponentStatus(id))
  console.log(`component ${id}: operational (cleared${byWords(cleared.by)})`)
  return 0
}

/** Who the change is recorded as, when it is someone (the CLI on the server records no one). */
function byWords (by: string | null): string {
  return by === null ? '' : ` by ${by}`
}
