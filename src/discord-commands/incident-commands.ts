// `/incident open|update|resolve` and their forms: the CLI's operations with the CLI's checks, answered in the
// user's language. Without a title or message, open asks for them in a modal; without a message, update does.
import { openIncident, resolveIncident, updateIncident } from '../incidents/operations.ts'
import { InvalidInput, checkId, checkImpact, checkMessage, checkStatus, checkTitle, type IncidentComponent, type IncidentImpact, type IncidentStatus } from '../incidents/rules.ts'
import { incidentUrl } from '../view/status-links.js'
import { authorOf } from './access.ts'
import { say, type Answer, type Message } from './answer.ts'
import { retryWhileBusy } from './busy-retry.ts'
import type { CommandContext } from './command-context.ts'
import { incidentComponents } from './components-option.ts'
import type { Interaction } from './interaction.ts'
import { incidentModal, type ModalRequest } from './modals.ts'
import { WORDS } from './words.ts'

interface OpenInput {
  impact: IncidentImpact
  status: IncidentStatus
  components: IncidentComponent[]
  /** As typed: the modal carries it to the submit, where it is checked again. */
  componentsText: string
}

interface UpdateInput {
  id: number
  status: IncidentStatus | undefined
  components: IncidentComponent[] | undefined
  componentsText: string | undefined
}

export function incidentCommand (interaction: Interaction, context: CommandContext): Answer {
  const options = interaction.command!.options
  const value = (name: string) => options.get(name)?.value
  switch (interaction.command!.subcommand) {
    case 'open': {
      const input = openInput(value('impact'), value('status'), value('components'), context)
      const title = value('title')
      const message = value('message')
      if (title === undefined || message === undefined) {
        return incidentModal({ kind: 'open', impact: input.impact, status: input.status, components: input.componentsText }, { title, message }, interaction.locale)
      }
      return { work: () => open(interaction, context, input, title, message) }
    }
    case 'update': {
      const input = updateInput(idAsTyped(value('incident')), value('status'), value('components'), context)
      const message = value('message')
      if (message === undefined) {
        return incidentModal({ kind: 'update', id: String(input.id), status: input.status, components: input.componentsText }, {}, interaction.locale)
      }
      return { work: () => update(interaction, context, input, message) }
    }
    case 'resolve': {
      const id = checkId('incident', idAsTyped(value('incident')))
      const message = value('message')
      return {
        work: async () => {
          const checked = message === undefined ? undefined : checkMessage('message', message)
          await write(context, () => resolveIncident(context.db, id, checked, context.clock.now(), authorOf(interaction)))
          return withLink(WORDS[interaction.locale].resolved(id), interaction, context, id)
        }
      }
    }
    default:
      return say(WORDS[interaction.locale].unknownCommand)
  }
}

/** The submitted form of `/incident open` or `/incident update`, with what the command carried in its custom id. */
export function incidentModalSubmit (interaction: Interaction, context: CommandContext, request: ModalRequest): Answer {
  const fields = interaction.modal!.fields
  if (request.kind === 'open') {
    const input = openInput(request.impact, request.status, request.components, context)
    return { work: () => open(interaction, context, input, fields.get('title'), fields.get('message')) }
  }
  const input = updateInput(request.id, request.status, request.components, context)
  return { work: () => update(interaction, context, input, fields.get('message')) }
}

function openInput (impact: string | undefined, status: string | undefined, components: string | undefined, context: CommandContext): OpenInput {
  const checked = {
    impact: checkImpact('impact', impact),
    status: status === undefined ? 'investigating' as const : checkStatus('status', status),
    components: incidentComponents(components ?? '', context.declaration)!,
    componentsText: components ?? ''
  }
  // The CLI's refusal, with the option's name.
  if (checked.status === 'resolved') throw new InvalidInput('status resolved makes no sense for a new incident')
  return checked
}

function updateInput (id: string | undefined, status: string | undefined, components: string | undefined, context: CommandContext): UpdateInput {
  return {
    id: checkId('incident', id),
    status: status === undefined ? undefined : checkStatus('status', status),
    components: incidentComponents(components, context.declaration),
    componentsText: components
  }
}

async function open (interaction: Interaction, context: CommandContext, input: OpenInput, title: string | undefined, message: string | undefined): Promise<Message> {
  const incident = { ...input, title: checkTitle('title', title), message: checkMessage('message', message), by: authorOf(interaction) }
  const id = await write(context, () => openIncident(context.db, incident, context.clock.now()))
  return withLink(WORDS[interaction.locale].opened(id, incident.impact, incident.status), interaction, context, id)
}

async function update (interaction: Interaction, context: CommandContext, input: UpdateInput, message: string | undefined): Promise<Message> {
  const change = { status: input.status, components: input.components, message: checkMessage('message', message), by: authorOf(interaction) }
  const status = await write(context, () => updateIncident(context.db, input.id, change, context.clock.now()))
  return withLink(WORDS[interaction.locale].updated(input.id, status), interaction, context, input.id)
}

/** An id as chosen (`7`) or typed as the choices show it (`#7`). */
export function idAsTyped (text: string | undefined): string | undefined {
  return text?.trim().replace(/^#/, '')
}

/** The write, tried again while the database is busy, then the incidents in memory read again so the page shows it now. */
export async function write<T> (context: CommandContext, operation: () => Promise<T>): Promise<T> {
  const result = await retryWhileBusy(operation, context.busyWaitMs)
  await context.incidents.refresh().catch(() => undefined) // the background refresher shows it within 10 s anyway
  return result
}

function withLink (text: string, interaction: Interaction, context: CommandContext, id: number): Message {
  return { content: context.links === undefined ? text : `${text} ${incidentUrl(context.links, interaction.locale, id)}` }
}
