// `status-api incident open|update|resolve|list`: operators say what went wrong, as it develops — on the database,
// or on a remote instance's operator API (--url), through the same operations (src/operations/).
import type { Config } from '../config/index.ts'
import { COMPONENT_OUTAGES, TEXT_RULES_HELP, checkId } from '../incidents/rules.ts'
import { RESOLVED_DAYS } from '../incidents/view.ts'
import { commandWithActions } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'
import { printTable } from './table.ts'

const usage = `status-api incident <action> [options]

  open --title TEXT --impact IMPACT --message TEXT [--status STATUS] [--component COMPONENT]...
  open --template ID [--title TEXT] [--impact IMPACT] [--message TEXT] [--status STATUS] [--component COMPONENT]...
      Opens an incident (status investigating unless given) with its first update; prints its id.
      With --template, a template of the status file gives the title, message, impact and
      components; the options given override its own. Pages show its text in their language.
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
  const { options, lists } = parseCommandLine(command, args, ['template', 'title', 'impact', 'message', 'status', ...REMOTE_OPTIONS], [], ['component'])
  // Without --component, a template's components stand; with one, the ones given replace them.
  const typed = {
    template: options.template, title: options.title, impact: options.impact, status: options.status, message: options.message,
    components: options.template !== undefined && lists.component.length === 0 ? undefined : lists.component
  }
  const operations = operationsFor(command, options, config)
  const incident = await asUsage(command, () => operations.openIncident(typed))
  console.log(`incident ${incident.id} opened (${incident.impact}, ${incident.status})`)
  return 0
}

async function update (args: string[], config: Config): Promise<number> {
  const command = 'incident update'
  const { options, positionals, lists } = parseCommandLine(command, args, ['status', 'message', ...REMOTE_OPTIONS], ['incident id'], ['component'])
  const id = await asUsage(command, () => checkId('incident', positionals[0]))
  // None given: the incident keeps the components it has.
  const typed = { status: options.status, message: options.message, components: lists.component.length === 0 ? undefined : lists.component }
  const operations = operationsFor(command, options, config)
  const { status } = await asUsage(command, () => operations.updateIncident(id, typed))
  console.log(`incident ${id} updated (${status})`)
  return 0
}

async function resolve (args: string[], config: Config): Promise<number> {
  const command = 'incident resolve'
  const { options, positionals } = parseCommandLine(command, args, ['message', ...REMOTE_OPTIONS], ['incident id'])
  const id = await asUsage(command, () => checkId('incident', positionals[0]))
  const operations = operationsFor(command, options, config)
  await asUsage(command, () => operations.resolveIncident(id, options.message))
  console.log(`incident ${id} resolved`)
  return 0
}

async function list (args: string[], config: Config): Promise<number> {
  const command = 'incident list'
  const { options } = parseCommandLine(command, args, [...REMOTE_OPTIONS])
  const operations = operationsFor(command, options, config)
  const shown = await asUsage(command, () => operations.listIncidents('all'))
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
