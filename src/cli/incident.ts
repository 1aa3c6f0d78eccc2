// `status-api incident open|update|resolve|list`: operators say what went wrong, as it develops.
import type { Config } from '../config.ts'
import { openIncident, resolveIncident, updateIncident } from '../incidents/operations.ts'
import {
  COMPONENT_OUTAGES, TEXT_RULES_HELP, checkId, checkImpact, checkIncidentComponents, checkMessage, checkStatus, checkTitle, parseComponentReference
} from '../incidents/rules.ts'
import { RESOLVED_DAYS, buildIncidentsBody } from '../incidents/view.ts'
import { systemClock } from '../lib/clock.ts'
import { loadIncidents } from '../store/repositories/incidents.ts'
import { UsageError, commandWithActions } from './command.ts'
import { asUsage, parseCommandLine, withExistingDatabase } from './options.ts'
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
      components each affects.

IMPACT: none, minor, major, critical. STATUS: investigating, identified, monitoring, resolved.
COMPONENT: a component the incident affects, ID or ID=STATE; repeat the option for several
(--component music --component dashboard=partial_outage). ID: a component id the status file
declares (without a file: database, cache, bot). STATE: ${COMPONENT_OUTAGES.slice(0, -1).join(', ')} or ${COMPONENT_OUTAGES.at(-1)};
without it the impact decides: minor gives degraded_performance, major partial_outage, critical
major_outage, and none lists the component without changing its status.
${TEXT_RULES_HELP}`

export const incidentCommand = commandWithActions({
  name: 'incident',
  usage,
  actions: { open, update, resolve, list }
})

async function open (args: string[], config: Config): Promise<number> {
  const command = 'incident open'
  const { options, lists } = parseCommandLine(command, args, ['title', 'impact', 'message', 'status'], [], ['component'])
  const incident = await asUsage(command, () => ({
    title: checkTitle('--title', options.title),
    impact: checkImpact('--impact', options.impact),
    status: options.status === undefined ? 'investigating' as const : checkStatus('--status', options.status),
    message: checkMessage('--message', options.message),
    components: checkIncidentComponents('--component', lists.component.map(parseComponentReference), config.status)
  }))
  if (incident.status === 'resolved') throw new UsageError(`${command}: --status resolved makes no sense for a new incident`)
  const id = await withExistingDatabase(config, (database) => openIncident(database.db, incident, systemClock.now()))
  console.log(`incident ${id} opened (${incident.impact}, ${incident.status})`)
  return 0
}

async function update (args: string[], config: Config): Promise<number> {
  const command = 'incident update'
  const { options, positionals, lists } = parseCommandLine(command, args, ['status', 'message'], ['incident id'], ['component'])
  const input = await asUsage(command, () => ({
    id: checkId('incident', positionals[0]),
    status: options.status === undefined ? undefined : checkStatus('--status', options.status),
    message: checkMessage('--message', options.message),
    // None given: the incident keeps the components it has.
    components: lists.component.length === 0 ? undefined : checkIncidentComponents('--component', lists.component.map(parseComponentReference), config.status)
  }))
  const status = await withExistingDatabase(config, (database) =>
    asUsage(command, () => updateIncident(database.db, input.id, input, systemClock.now())))
  console.log(`incident ${input.id} updated (${status})`)
  return 0
}

async function resolve (args: string[], config: Config): Promise<number> {
  const command = 'incident resolve'
  const { options, positionals } = parseCommandLine(command, args, ['message'], ['incident id'])
  const input = await asUsage(command, () => ({
    id: checkId('incident', positionals[0]),
    message: options.message === undefined ? undefined : checkMessage('--message', options.message)
  }))
  await withExistingDatabase(config, (database) =>
    asUsage(command, () => resolveIncident(database.db, input.id, input.message, systemClock.now())))
  console.log(`incident ${input.id} resolved`)
  return 0
}

async function list (args: string[], config: Config): Promise<number> {
  parseCommandLine('incident list', args, [])
  const now = systemClock.now()
  const incidents = await withExistingDatabase(config, (database) =>
    loadIncidents(database.db, new Date(now - RESOLVED_DAYS * 86_400_000).toISOString()))
  const shown = buildIncidentsBody({ incidents, maintenances: [] }, now).incidents
  if (shown.length === 0) {
    console.log(`no open incidents and none resolved in the last ${RESOLVED_DAYS} days`)
    return 0
  }
  // Components as ID=STATUS (the status the incident gives each), comma-separated: one word in the table.
  printTable(['ID', 'STATUS', 'IMPACT', 'STARTED', 'RESOLVED', 'COMPONENTS', 'TITLE'],
    shown.map((i) => [String(i.id), i.status, i.impact, i.startedAt, i.resolvedAt ?? '-',
      i.components.length === 0 ? '-' : i.components.map((c) => `${c.id}=${c.status}`).join(','), i.title]))
  return 0
}

