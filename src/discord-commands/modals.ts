// The forms `/incident open` and `/incident update` answer with when the title or message is missing: text inputs with
// the custom ids `title` and `message`. What the command already said travels in the modal's custom id (at most 100
// characters), so the submit can reach any replica.
import { TEXT_LIMITS } from '../incidents/rules.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { say, type Answer } from './answer.ts'
import { RESPONSE } from './interaction.ts'
import { WORDS } from './words.ts'

export type ModalRequest =
  | { kind: 'open', impact: string, status: string, components: string }
  /** `components` undefined: the update keeps the incident's components. */
  | { kind: 'update', id: string, status: string | undefined, components: string | undefined }

const CUSTOM_ID_MAX = 100
/** Discord's limit of a text input. */
const INPUT_MAX = 4000
const NOT_GIVEN = '~'

function modalCustomId (request: ModalRequest): string {
  if (request.kind === 'open') return ['incident-open', request.impact, request.status, request.components.replace(/\s+/g, '')].join('|')
  return ['incident-update', request.id, request.status ?? NOT_GIVEN, request.components?.replace(/\s+/g, '') ?? NOT_GIVEN].join('|')
}

export function readModalCustomId (customId: string): ModalRequest | undefined {
  const [kind, first = '', second = '', third = ''] = customId.split('|')
  if (kind === 'incident-open') return { kind: 'open', impact: first, status: second, components: third }
  if (kind === 'incident-update') {
    return { kind: 'update', id: first, status: second === NOT_GIVEN ? undefined : second, components: third === NOT_GIVEN ? undefined : third }
  }
  return undefined
}

/** The form, prefilled with what the command gave; a refusal when the custom id cannot carry the command's options. */
export function incidentModal (request: ModalRequest, given: { title?: string, message?: string }, locale: PageLanguage): Answer {
  const customId = modalCustomId(request)
  if (customId.length > CUSTOM_ID_MAX) return say(WORDS[locale].formTooLong)
  const words = WORDS[locale]
  const input = (id: 'title' | 'message', label: string, style: 1 | 2, max: number, value: string | undefined) => ({
    type: 1,
    components: [{ type: 4, custom_id: id, label, style, required: true, min_length: 1, max_length: max, ...(value === undefined ? {} : { value: value.slice(0, max) }) }]
  })
  const components = request.kind === 'open'
    ? [input('title', words.titleLabel, 1, TEXT_LIMITS.title, given.title), input('message', words.messageLabel, 2, INPUT_MAX, given.message)]
    : [input('message', words.messageLabel, 2, INPUT_MAX, given.message)]
  const title = request.kind === 'open' ? words.openTitle : words.updateTitle(Number(request.id))
  return { respond: { type: RESPONSE.modal, data: { custom_id: customId, title, components } } }
}
