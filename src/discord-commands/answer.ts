// What a command answers: an interaction response at once (a modal, choices, a PONG), or work whose message is sent
// within the 3 s when it is quick, or as a deferred answer that is edited when it is done (src/http/operator/discord-interactions.ts).
import type { Logger } from 'pino'
import { InvalidInput } from '../incidents/rules.ts'
import type { Locale } from '../lib/locale.ts'
import type { Embed } from '../notify/discord-embed.ts'
import { describeWriteError } from '../store/write-errors.ts'
import { EPHEMERAL } from './interaction.ts'
import { refusalInGerman } from './refusals-de.ts'
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

/** The `data` of a message response or of the edit of a deferred one. */
export function messageData (message: Message): Record<string, unknown> {
  return { content: message.content, embeds: message.embeds ?? [], flags: EPHEMERAL, allowed_mentions: { parse: [] } }
}

/** An answer that changes nothing: `text` at once. */
export function say (text: string): Answer {
  return { work: async () => ({ content: text }) }
}

/** A refusal of the operations in the user's language: the CLI's words, or their German translation. */
export function refusal (text: string, locale: Locale): Message {
  return { content: locale === 'de' ? refusalInGerman(text) : text }
}

/**
 * The work's message; a refusal (InvalidInput) in the CLI's words, a failed write with its cause ("nothing was written:
 * disk full"), anything else logged and answered with an apology that names nothing internal.
 */
export async function settle (work: () => Promise<Message>, locale: Locale, logger: Logger): Promise<Message> {
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
