// `status-api incident open|update|resolve|list`: operators say what went wrong, as it develops — on the database,
// or on a remote instance's operator API (--url).
import type { Config } from '../config/index.ts'
import { openIncident, resolveIncident, updateIncident } from '../incidents/operations.ts'
import { CLI_LABELS, checkIncidentUpdate, checkOpenIncident, checkResolveMessage } from '../incidents/input.ts'
import { COMPONENT_OUTAGES, TEXT_RULES_HELP, checkId, type IncidentStatus } from '../incidents/rules.ts'
import { RESOLVED_DAYS } from '../incidents/view.ts'
import { systemClock } from '../lib/clock.ts'
import type { OperatorIncident } from '../http/operator/schemas.ts'
import { listedIncidents, listedSince } from '../http/operator/view.ts'
import { loadIncidents } from '../store/repositories/incidents.ts'
import { commandWithActions } from './command.ts'
import { asUsage, parseCommandLine, withExistingDatabase } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS, callOperator, remoteOf } from './remote.ts'
import { printTable } from './table.ts'

const usage = `status-api incident <action> [options]

  open --title TEXT --impact IMPACT --message TEXT [--status STATUS] [--component COMPONENT]...
      Opens an incident (status investigating unless given) with its first update; prints its id.
  update ID --message TEXT [--status STATUS] [--component COMPONENT]...
      Adds an update to an open incident, moving it to STATUS (unchanged when omitted). Components
      given replace the ones the incident affects; without --component they stay as they are.
  resolve ID [--message TEXT]
      Resolves an open incident with a last update ("This incident has been resolved." by default).
  list
      Open incidents, then those resolved in the last ${RESOLVED_DAYS} days, newest first, with the
      components each affects and who wrote the latest update (BY: the operator token's name).

IMPACT: none, minor, major, critical. STATUS: investigating, identified, monitoring, resolved.
COMPONENT: a component the incident affects, ID or ID=STATE; repeat the option for several
(--component music --component dashboard=partial_outage). ID: a component id the status file
declares (without a file: database, cache, bot). STATE: ${COMPONENT_OUTAGES.slice(0, -1).join(', ')} or ${COMPONENT_OUTAGES.at(-1)};
without it the impact decides: minor gives degraded_performance, major partial_outage, critical
major_outage, and none lists the component without changing its status.
${TEXT_RULES_HELP}
${REMOTE_HELP}`

export const incidentCommand = commandWithActions({
  name: 'incident',
  usage,
  actions: { open, update, resolve, list }
})

async function open (args: string[], config: Config): Promise<number> {
  const command = 'incident open'
  const { options, lists } = parseCommandLine(command, args, ['title', 'impact', 'message', 'status', ...REMOTE_OPTIONS], [], ['component'])
  const typed = { title: options.title, impact: options.impact, status: options.status, message: options.message, components: lists.component }
  const remote = remoteOf(command, options, config)
  let incident: { id: number, impact: string, status: string }
  if (remote !== undefined) {
    incident = await callOperator<OperatorIncident>(command, remote, 'POST', '/v1/incidents', typed)
  } else {
    const checked = await asUsage(command, () => checkOpenIncident(typed, config.status, CLI_LABELS))
    incident = { id: await withExistingDatabase(config, (database) => openIncident(database.db, checked, systemClock.now())), ...checked }
  }
  console.log(`incident ${incident.id} opened (${incident.impact}, ${incident.status})`)
  return 0
}

async function update (args: string[], config: Config): Promise<number> {
  const command = 'incident update'
  const { options, positionals, lists } = parseCommandLine(command, args, ['status', 'message', ...REMOTE_OPTIONS], ['incident id'], ['component'])
  const id = await asUsage(command, () => checkId('incident', positionals[0]))
  // None given: the incident keeps the components it has.
  const typed = { status: options.status, message: options.message, components: lists.component.length === 0 ? undefined : lists.component }
  const remote = remoteOf(command, options, config)
  let status: IncidentStatus
  if (remote !== undefined) {
    status = (await callOperator<OperatorIncident>(command, remote, 'POST', `/v1/incidents/${id}/updates`, typed)).status
  } else {
    const checked = await asUsage(command, () => checkIncidentUpdate(typed, config.status, CLI_LABELS))
    status = await withExistingDatabase(config, (database) => asUsage(command, () => updateIncident(database.db, id, checked, systemClock.now())))
  }
  console.log(`incident ${id} updated (${status})`)
  return 0
}

async function resolve (args: string[], config: Config): Promise<number> {
  const command = 'incident resolve'
  const { options, positionals } = parseCommandLine(command, args, ['message', ...REMOTE_OPTIONS], ['incident id'])
  const id = await asUsage(command, () => checkId('incident', positionals[0]))
  const remote = remoteOf(command, options, config)
  if (remote !== undefined) {
    await callOperator(command, remote, 'POST', `/v1/incidents/${id}/resolve`, options.message === undefined ? {} : { message: options.message })
  } else {
    const message = await asUsage(command, () => checkResolveMessage(options.message, CLI_LABELS))
    await withExistingDatabase(config, (database) => asUsage(command, () => resolveIncident(database.db, id, message, systemClock.now())))
  }
  console.log(`incident ${id} resolved`)
  return 0
}

async function list (args: string[], config: Config): Promise<number> {
  const command = 'incident list'
  const { options } = parseCommandLine(command, args, [...REMOTE_OPTIONS])
  const remote = remoteOf(command, options, config)
  const now = systemClock.now()
  const shown = remote !== undefined
    ? (await callOperator<{ incidents: OperatorIncident[] }>(command, remote, 'GET', '/v1/incidents?state=all')).incidents
    : listedIncidents(await withExistingDatabase(config, (database) => loadIncidents(database.db, listedSince(now))), now, 'all')
  if (shown.length === 0) {
    console.log(`no open incidents and none resolved in the last ${RESOLVED_DAYS} days`)
    return 0
  }
  // Components as ID=STATUS (the status the incident gives each), comma-separated: one word in the table.
  printTable(['ID', 'STATUS', 'IMPACT', 'STARTED', 'RESOLVED', 'COMPONENTS', 'BY', 'TITLE'],
    shown.map((i) => [String(i.id), i.status, i.impact, i.startedAt, i.resolvedAt ?? '-',
      i.components.length === 0 ? '-' : i.components.map((c) => `${c.id}=${c.status}`).join(','), i.updates[0]?.by ?? '-', i.title]))
  return 0
}
