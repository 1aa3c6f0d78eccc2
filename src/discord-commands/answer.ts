// What a command answers: an interaction response at once (a modal, choices, a PONG), or work whose message is sent
// within the 3 s when it is quick, or as a deferred answer that is edited when it is done (src/http/operator/discord-interactions.ts).
import type { Logger } from 'pino'
import { InvalidInput } from '../incidents/rules.ts'
import type { PageLanguage } from '../lib/locale.ts'
import type { Embed } from '../notify/discord-embed.ts'
import { describeWriteError } from '../store/write-errors.ts'
import { EPHEMERAL } from './interaction.ts'
import { refusalIn } from './refusals.ts'
import { WORDS } from './words.ts'

/** A message only the user who asked sees; mentions in it ping nobody. */
export interface Message {
  content: string
  embeds?: Embed[]
}

export type Answer =
  | { respond: Record<string, unknown> }
  /** May throw InvalidInput (a refusal in the CLI's words) or a write error. */
  | { work: () => Promise<Message> }

/** Discord's limit of a message's content, in characters (a longer one is refused, and the user sees "interaction failed"). */
export const MAX_CONTENT = 2000

/** The `data` of a message response or of the edit of a deferred one; its content within MAX_CONTENT. */
export function messageData (message: Message): Record<string, unknown> {
  return { content: withinLimit(message.content), embeds: message.embeds ?? [], flags: EPHEMERAL, allowed_mentions: { parse: [] } }
}

/**
 * `items` joined by `separator` and put into `frame` (which adds the same text around any list), as many as fit in
 * `limit` characters, followed by `more(n)` ("and 12 more") for those left out. An item is never cut.
 */
export function fitList (frame: (list: string) => string, items: string[], separator: string, more: (left: number) => string, limit = MAX_CONTENT): string {
  const whole = frame(items.join(separator))
  if (whole.length <= limit) return whole
  const room = limit - frame('').length
  let used = 0
  let shown = 0
  for (const item of items) {
    const next = used + (shown === 0 ? 0 : separator.length) + item.length
    if (next + separator.length + more(items.length - shown - 1).length > room) break
    used = next
    shown++
  }
  const tail = more(items.length - shown)
  return frame(shown === 0 ? tail : `${items.slice(0, shown).join(separator)}${separator}${tail}`)
}

/**
 * The last guard for any answer: text over MAX_CONTENT is cut at the last line break or space before it that is not
 * inside a mention (`<#123…>`, `<t:…>`), and ends in "…".
 */
export function withinLimit (text: string): string {
  if (text.length <= MAX_CONTENT) return text
  let cut = MAX_CONTENT - 1
  for (; cut > 0; cut--) {
    const char = text[cut]
    if ((char === '\n' || char === ' ') && text.lastIndexOf('<', cut) <= text.lastIndexOf('>', cut)) break
  }
  return `${text.slice(0, cut > 0 ? cut : MAX_CONTENT - 1).trimEnd()}…`
}

/** An answer that changes nothing: `text` at once. */
export function say (text: string): Answer {
  return { work: async () => ({ content: text }) }
}

/** A refusal of the operations in the user's language: the CLI's words, or their translation. */
export function refusal (text: string, locale: PageLanguage): Message {
  return { content: refusalIn(locale, text) }
}

/**
 * The work's message; a refusal (InvalidInput) in the CLI's words, a failed write with its cause ("nothing was written:
 * disk full"), anything else logged and answered with an apology that names nothing internal.
 */
export async function settle (work: () => Promise<Message>, locale: PageLanguage, logger: Logger): Promise<Message> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof InvalidInput) return refusal(error.message, locale)
    const cause = describeWriteError(error)
    if (cause !== undefined) return refusal(`nothing was written: ${cause}`, locale)
    logger.error({ err: error }, 'a Discord command failed')
    return { content: WORDS[locale].failed }
  }
}
