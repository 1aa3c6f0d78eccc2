// `/follow`, `/unfollow` and `/following` (docs/en/architecture.md#follow), for members with Manage Webhooks in any server: a followed
// channel gets a webhook the bot makes in it (its token stored, never shown), and the follower worker
// (src/notify/follower-worker.ts) sends it what the operator's webhooks get, filtered by the chosen components.
import { createWebhook, deleteWebhook, DiscordUnreachable, type RestAnswer } from '../notify/discord-rest.ts'
import { deleteFollow, findFollow, insertFollow, listFollows, updateFollowFilter } from '../store/repositories/discord-follows.ts'
import { say, type Answer, type Message } from './answer.ts'
import type { CommandContext } from './command-context.ts'
import { componentsTyped } from './components-option.ts'
import { authorOf } from './access.ts'
import type { Interaction } from './interaction.ts'
import { WORDS, type Words } from './words.ts'

const SNOWFLAKE = /^\d{17,20}$/
/** Discord's codes for a refused webhook: the bot lacks the permission or the access; the channel has too many. */
const MISSING_ACCESS = new Set([50001, 50013])
const TOO_MANY_WEBHOOKS = 30007

/** What a followed channel's webhook is called: the product's status (Discord allows 1–80 characters, never "discord"). */
export function followWebhookName (product: string | undefined): string {
  const name = `${product ?? 'Service'} status`.replaceAll(/discord|clyde/gi, '').replaceAll(/\s+/g, ' ').trim()
  return (name === '' || name === 'status' ? 'Status' : name).slice(0, 80)
}

/** The channel a /follow or /unfollow names, with the words and the bot's access following needs; or the refusal. */
function namedChannel (interaction: Interaction, context: CommandContext):
{ words: Words, follow: NonNullable<CommandContext['follow']>, channelId: string } | { refusal: Answer } {
  const words = WORDS[interaction.locale]
  if (context.follow === undefined) return { refusal: say(words.followUnavailable) }
  const channelId = interaction.command!.options.get('channel')?.value ?? ''
  if (!SNOWFLAKE.test(channelId)) return { refusal: say(words.badChannel) }
  return { words, follow: context.follow, channelId }
}

export function followCommand (interaction: Interaction, context: CommandContext): Answer {
  const named = namedChannel(interaction, context)
  if ('refusal' in named) return named.refusal
  const { words, follow, channelId } = named
  const declared = context.declaration.components.map((component) => component.id)
  const chosen = [...new Set(componentsTyped(interaction.command!.options.get('components')?.value) ?? [])]
  const unknown = chosen.filter((id) => !declared.includes(id))
  if (unknown.length > 0) return say(words.unknownComponents(unknown, declared))
  const filter = chosen.length === 0 ? words.everyComponent : chosen.join(', ')
  const guildId = interaction.guildId!
  const db = context.database.db
  const now = () => new Date(context.clock.now()).toISOString()
  return {
    work: async (): Promise<Message> => {
      const existing = await findFollow(db, channelId)
      if (existing !== undefined && existing.guildId === guildId) {
        await updateFollowFilter(db, existing.id, chosen, now())
        return { content: words.filterChanged(channelId, filter) }
      }
      if (existing !== undefined) return { content: words.badChannel }
      let webhook
      try {
        webhook = await createWebhook(follow.rest, channelId, follow.webhookName)
      } catch (error) {
        if (error instanceof DiscordUnreachable) return { content: words.discordAway }
        throw error
      }
      if ('status' in webhook) return { content: words.webhookRefused(channelId, refusalReason(webhook, words)) }
      let id
      try {
        id = await insertFollow(db, { guildId, channelId, webhookId: webhook.id, webhookToken: webhook.token, components: chosen, by: authorOf(interaction), at: now() })
      } catch (error) {
        await deleteWebhook(follow.rest, webhook.id).catch(() => false)
        throw error
      }
      if (id === undefined) {
        // Another /follow of the same channel was quicker: keep its webhook, drop ours, and take this filter.
        await deleteWebhook(follow.rest, webhook.id).catch(() => false)
        const winner = await findFollow(db, channelId)
        if (winner !== undefined) await updateFollowFilter(db, winner.id, chosen, now())
        return { content: words.filterChanged(channelId, filter) }
      }
      context.logger.info({ target: `follow:${id}`, guild: guildId, channel: channelId, components: chosen }, 'discord: a channel follows the status')
      return { content: words.followed(channelId, filter) }
    }
  }
}

export function unfollowCommand (interaction: Interaction, context: CommandContext): Answer {
  const named = namedChannel(interaction, context)
  if ('refusal' in named) return named.refusal
  const { words, follow, channelId } = named
  return {
    work: async (): Promise<Message> => {
      const existing = await findFollow(context.database.db, channelId)
      if (existing === undefined || existing.guildId !== interaction.guildId) return { content: words.notFollowing(channelId) }
      let deleted: boolean
      try {
        deleted = await deleteWebhook(follow.rest, existing.webhookId)
      } catch (error) {
        if (!(error instanceof DiscordUnreachable)) throw error
        deleted = false
      }
      await deleteFollow(context.database.db, existing.id)
      context.logger.info({ target: `follow:${existing.id}`, guild: existing.guildId, channel: channelId, webhookDeleted: deleted }, 'discord: a channel no longer follows the status')
      return { content: deleted ? words.unfollowed(channelId) : words.unfollowedWebhookLeft(channelId) }
    }
  }
}

export function followingCommand (interaction: Interaction, context: CommandContext): Answer {
  const words = WORDS[interaction.locale]
  return {
    work: async (): Promise<Message> => {
      const follows = await listFollows(context.database.db, interaction.guildId!)
      if (follows.length === 0) return { content: words.noFollows }
      const lines = follows.map((follow) => `<#${follow.channelId}> · ${follow.components.length === 0 ? words.everyComponent : follow.components.join(', ')}`)
      return { content: `**${words.followsTitle}**\n${lines.join('\n')}`.slice(0, 2000) }
    }
  }
}

function refusalReason (answer: RestAnswer, words: Words): string {
  if (answer.code !== undefined && MISSING_ACCESS.has(answer.code)) return words.missingPermission
  if (answer.code === TOO_MANY_WEBHOOKS) return words.tooManyWebhooks
  return `${answer.status}${answer.message === undefined ? '' : ` ${answer.message}`}${answer.code === undefined ? '' : ` (code ${answer.code})`}`
}
