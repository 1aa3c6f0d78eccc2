// `/incident open|update|resolve` and their forms: the CLI's operations with the CLI's checks (src/incidents/input.ts),
// answered in the user's language. Without a title or message, open asks for them in a modal (unless a template of the
// status file gives them); without a message, update does — once the options the form carries have passed the same checks.
import { DISCORD_LABELS, operationsOf } from './interaction-operations.ts'
import { checkIncidentUpdateOptions, checkOpenIncidentOptions, findTemplate, type TypedOpening } from '../incidents/input.ts'
import { checkId, type IncidentStatus } from '../incidents/rules.ts'
import { incidentUrl } from '../view/status-links.js'
import { say, type Answer, type Message } from './answer.ts'
import { linkLanguage, type CommandContext } from './command-context.ts'
import { componentsTyped } from './components-option.ts'
import type { Interaction } from './interaction.ts'
import { incidentModal, type ModalRequest } from './modals.ts'
import { WORDS } from './words.ts'

/** The options of `/incident open` but the title and message, checked; `components` as typed (a modal carries it). */
interface OpenOptions {
  impact: string
  status: string
  components: string
}

/** The same of `/incident update`: `components` undefined when not given (the incident keeps its own). */
interface UpdateOptions {
  id: number
  status: IncidentStatus | undefined
  components: string | undefined
}

export function incidentCommand (interaction: Interaction, context: CommandContext): Answer {
  const options = interaction.command!.options
  const value = (name: string) => options.get(name)?.value
  switch (interaction.command!.subcommand) {
    case 'open': {
      const template = value('template')?.trim()
      const title = value('title')
      const message = value('message')
      if (template !== undefined && template !== '') {
        // The template gives what is not given: no form; an unknown one is refused before anything is written.
        findTemplate(template, context.declaration, DISCORD_LABELS)
        const typed = { template, title, message, impact: value('impact'), status: value('status'), components: componentsTyped(value('components')) }
        return { work: () => opened(interaction, context, typed) }
      }
      const input = openOptions(value('impact'), value('status'), value('components'), context)
      if (title === undefined || message === undefined) {
        return incidentModal({ kind: 'open', ...input }, { title, message }, interaction.locale)
      }
      return { work: () => open(interaction, context, input, title, message) }
    }
    case 'update': {
      const input = updateOptions(idAsTyped(value('incident')), value('status'), value('components'), context)
      const message = value('message')
      if (message === undefined) {
        return incidentModal({ kind: 'update', id: String(input.id), status: input.status, components: input.components }, {}, interaction.locale)
      }
      return { work: () => update(interaction, context, input, message) }
    }
    case 'resolve': {
      const id = checkId('incident', idAsTyped(value('incident')))
      const message = value('message')
      return {
        work: async () => {
          await write(context, () => operationsOf(interaction, context).resolveIncident(id, message))
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
    const input = openOptions(request.impact, request.status, request.components, context)
    return { work: () => open(interaction, context, input, fields.get('title'), fields.get('message')) }
  }
  const input = updateOptions(request.id, request.status, request.components, context)
  return { work: () => update(interaction, context, input, fields.get('message')) }
}

function openOptions (impact: string | undefined, status: string | undefined, components: string | undefined, context: CommandContext): OpenOptions {
  const checked = checkOpenIncidentOptions({ impact, status, components: componentsTyped(components) }, context.declaration, DISCORD_LABELS)
  return { impact: checked.impact, status: checked.status, components: components ?? '' }
}

function updateOptions (id: string | undefined, status: string | undefined, components: string | undefined, context: CommandContext): UpdateOptions {
  const checkedId = checkId('incident', id)
  const checked = checkIncidentUpdateOptions({ status, components: componentsTyped(components) }, context.declaration, DISCORD_LABELS)
  return { id: checkedId, status: checked.status, components }
}

async function open (interaction: Interaction, context: CommandContext, input: OpenOptions, title: string | undefined, message: string | undefined): Promise<Message> {
  return opened(interaction, context, { title, message, impact: input.impact, status: input.status, components: componentsTyped(input.components) })
}

async function opened (interaction: Interaction, context: CommandContext, typed: TypedOpening): Promise<Message> {
  const incident = await write(context, () => operationsOf(interaction, context).openIncident(typed))
  return withLink(WORDS[interaction.locale].opened(incident.id, incident.impact, incident.status), interaction, context, incident.id)
}

async function update (interaction: Interaction, context: CommandContext, input: UpdateOptions, message: string | undefined): Promise<Message> {
  const typed = { status: input.status, message, components: componentsTyped(input.components) }
  const { status } = await write(context, () => operationsOf(interaction, context).updateIncident(input.id, typed))
  return withLink(WORDS[interaction.locale].updated(input.id, status), interaction, context, input.id)
}

/** An id as chosen (`7`) or typed as the choices show it (`#7`). */
export function idAsTyped (text: string | undefined): string | undefined {
  return text?.trim().replace(/^#/, '')
}

/** The write (which waits for a busy database: ./interaction-operations.ts), then the incidents in memory read again so the page shows it now. */
export async function write<T> (context: CommandContext, operation: () => Promise<T>): Promise<T> {
  const result = await operation()
  await context.incidents.refresh().catch(() => undefined) // the background refresher shows it within 10 s anyway
  return result
}

function withLink (text: string, interaction: Interaction, context: CommandContext, id: number): Message {
  return { content: context.links === undefined ? text : `${text} ${incidentUrl(context.links, linkLanguage(context, interaction.locale), id)}` }
}
