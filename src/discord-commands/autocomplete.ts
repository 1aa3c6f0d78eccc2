// Choices while an operator types: declared components (the last of a comma-separated list), open incidents as
// "#7 Slow replies", windows not yet over, manual components, the status file's incident templates, time zones. Read from memory; at most 25, as Discord allows.
import { timeZoneNames } from '../lib/recurrence.ts'
import { maintenanceState } from '../incidents/view.ts'
import type { CommandContext } from './command-context.ts'
import type { Interaction } from './interaction.ts'
import { RESPONSE } from './interaction.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { textIn } from './words.ts'

const MAX_CHOICES = 25
const MAX_LENGTH = 100

interface Choice { name: string, value: string }

export function autocomplete (interaction: Interaction, context: CommandContext): Record<string, unknown> {
  return { type: RESPONSE.choices, data: { choices: choicesFor(interaction, context).slice(0, MAX_CHOICES) } }
}

function choicesFor (interaction: Interaction, context: CommandContext): Choice[] {
  const command = interaction.command!
  const focused = [...command.options].find(([, option]) => option.focused)
  if (focused === undefined) return []
  const [name, { value }] = focused
  const typed = value.trim().toLowerCase()
  const lang = interaction.locale
  if (name === 'components') return componentChoices(value, context, lang)
  if (name === 'incident') {
    // Every open incident of the list (the body shows only the newest few of many), open ones first.
    const { rows, open } = context.incidents.listed()
    const choices: Choice[] = []
    for (let i = 0; i < open && choices.length < MAX_CHOICES; i++) {
      const choice = { name: cut(`#${rows[i]!.id} ${rows[i]!.title}`), value: String(rows[i]!.id) }
      if (matches(choice, typed)) choices.push(choice)
    }
    return choices
  }
  if (name === 'template') {
    // The status file's templates, by id and title in the user's language (English where the template has none).
    return (context.declaration.templates ?? [])
      .map((template) => ({ name: cut(`${template.id} · ${template.title[lang] ?? template.title.en}`), value: template.id }))
      .filter((choice) => matches(choice, typed))
  }
  if (name === 'window') {
    const now = context.clock.now()
    return (context.incidents.rows()?.maintenances ?? [])
      .filter((row) => ['scheduled', 'active'].includes(maintenanceState(row, now)))
      .map((row) => ({ name: cut(`#${row.id} ${row.title}`), value: String(row.id) }))
      .filter((choice) => matches(choice, typed))
  }
  if (name === 'timezone') {
    // Names as typed in any part (berlin, new_york, america/); UTC and the exact name first.
    const wanted = typed.replace(/\s+/g, '_')
    return timeZoneNames().filter((zone) => wanted === '' || zone.toLowerCase().includes(wanted))
      .sort((a, b) => Number(b.toLowerCase() === wanted) - Number(a.toLowerCase() === wanted))
      .map((zone) => ({ name: zone, value: zone }))
  }
  if (name === 'component') {
    return context.declaration.components
      .filter((component) => component.check.kind === 'manual')
      .map((component) => ({ name: cut(`${component.id} · ${textIn(component.name, lang)}`), value: component.id }))
      .filter((choice) => matches(choice, typed))
  }
  return []
}

/** Completes the last entry of a comma-separated list; what was typed before it stays as it is. */
function componentChoices (typed: string, context: CommandContext, lang: PageLanguage): Choice[] {
  const comma = typed.lastIndexOf(',')
  const before = comma === -1 ? '' : `${typed.slice(0, comma).split(',').map((part) => part.trim()).filter((part) => part !== '').join(', ')}, `
  const last = typed.slice(comma + 1).trim().toLowerCase()
  const taken = new Set(before.split(',').map((part) => part.split('=')[0]!.trim()))
  return context.declaration.components
    .filter((component) => !taken.has(component.id))
    .filter((component) => component.id.startsWith(last) || textIn(component.name, lang).toLowerCase().includes(last))
    .map((component) => ({ value: `${before}${component.id}`, name: `${before}${component.id} · ${textIn(component.name, lang)}` }))
    .filter((choice) => choice.value.length <= MAX_LENGTH)
    .map((choice) => ({ ...choice, name: cut(choice.name) }))
}

function matches (choice: Choice, typed: string): boolean {
  return typed === '' || choice.name.toLowerCase().includes(typed) || choice.value === typed.replace(/^#/, '')
}

function cut (text: string): string {
  return text.length <= MAX_LENGTH ? text : `${text.slice(0, MAX_LENGTH - 1)}…`
}
