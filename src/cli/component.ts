// `status-api component set|clear`: an operator's status on a manual component — on the database, or on a remote
// instance's operator API (--url). The one operation is src/operations/manual-components.ts.
import type { Config } from '../config/index.ts'
import { systemClock } from '../lib/clock.ts'
import { MANUAL_STATUSES, checkManualComponent, checkManualStatus, clearManualComponent, setManualComponent } from '../operations/manual-components.ts'
import { commandWithActions } from './command.ts'
import { asUsage, parseCommandLine, withExistingDatabase } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS, callOperator, remoteOf } from './remote.ts'

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
  const remote = remoteOf(command, options, config)
  if (remote !== undefined) {
    await callOperator(command, remote, 'PUT', `/v1/components/${encodeURIComponent(id)}/status`, input)
  } else {
    await asUsage(command, () => checkManualStatus(config.status, id, input))
    await withExistingDatabase(config, (database) => setManualComponent(database.db, config.status, id, input, systemClock.now()))
  }
  console.log(`component ${id}: ${status}`)
  return 0
}

async function clear (args: string[], config: Config): Promise<number> {
  const command = 'component clear'
  const { options, positionals } = parseCommandLine(command, args, [...REMOTE_OPTIONS], ['component id'])
  const id = positionals[0]!
  const remote = remoteOf(command, options, config)
  if (remote !== undefined) {
    await callOperator(command, remote, 'DELETE', `/v1/components/${encodeURIComponent(id)}/status`)
  } else {
    await asUsage(command, () => checkManualComponent(config.status, id))
    await withExistingDatabase(config, (database) => clearManualComponent(database.db, config.status, id, systemClock.now()))
  }
  console.log(`component ${id}: operational (cleared)`)
  return 0
}
