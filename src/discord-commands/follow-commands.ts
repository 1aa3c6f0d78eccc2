// `/follow`, `/unfollow` and `/following` (docs/en/architecture.md#follow), for members with Manage Webhooks in any server: a followed
// channel gets a webhook the bot makes in it (its token stored, never shown), and the follower worker
// (src/notify/follower-worker.ts) sends it what the operator's webhooks get, filtered by the chosen components.
import { inTurns } from '../lib/in-turn.ts'
import { channelGuild, channelWebhooks, createWebhook, deleteWebhook, DiscordUnreachable, type CreatedWebhook, type RestAnswer } from '../notify/discord-rest.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { countGuildFollows, deleteFollow, findFollow, followLanguage, insertFollow, listFollows, updateFollow } from '../store/repositories/discord-follows.ts'
import { WORDS as LOCALES } from '../view/locale-words.js'
import { fitList, say, type Answer, type Message } from './answer.ts'
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

/** A language by its own name ("Français"): how the follow commands name a follower's language. */
const languageName = (tag: PageLanguage) => LOCALES[tag].site.layout.languageName

/** The `language` option: a shipped tag, undefined when not given (the server's language), or 'bad'. */
function chosenLanguage (interaction: Interaction): PageLanguage | undefined | 'bad' {
  const value = interaction.command!.options.get('language')?.value
  if (value === undefined || value === '') return undefined
  return PAGE_LANGUAGES.find((tag) => tag === value) ?? 'bad'
}

/** One server's follows are made one at a time in this process: 200 parallel /follow of one channel make one webhook. */
const inTurn = inTurns()

export function followCommand (interaction: Interaction, context: CommandContext): Answer {
  const named = namedChannel(interaction, context)
  if ('refusal' in named) return named.refusal
  const { words, follow, channelId } = named
  const declared = context.declaration.components.map((component) => component.id)
  const chosen = [...new Set(componentsTyped(interaction.command!.options.get('components')?.value) ?? [])]
  const unknown = chosen.filter((id) => !declared.includes(id))
  if (unknown.length > 0) {
    // Both lists can be long (a pasted list of ids, a large status file): each shown as far as it fits.
    const known = fitList((list) => list, declared, ', ', words.andMore, 600)
    return say(fitList((list) => words.unknownComponents(list, known), unknown.map(words.quoted), ', ', words.andMore))
  }
  const filter = chosen.length === 0 ? words.everyComponent : chosen.join(', ')
  const language = chosenLanguage(interaction)
  if (language === 'bad') return say(words.badLanguage(PAGE_LANGUAGES.map(languageName).join(', ')))
  // The follower's messages: the language chosen, else the server's as Discord names it now, else English.
  const change = { components: chosen, language, guildLocale: interaction.guildLocale }
  const spoken = words.followLanguage(languageName(followLanguage({ language: language ?? null, guild_locale: interaction.guildLocale ?? null }).language))
  const guildId = interaction.guildId!
  // Discord describes the channel it resolved; when it names its server, a channel of another is refused at once.
  const resolvedGuild = interaction.channels.get(channelId)?.guildId
  if (resolvedGuild !== undefined && resolvedGuild !== guildId) return say(words.channelOfAnotherServer)
  const db = context.database.db
  const now = () => new Date(context.clock.now()).toISOString()
  return {
    work: () => inTurn(guildId, async (): Promise<Message> => {
      const existing = await findFollow(db, channelId)
      if (existing !== undefined && existing.guildId === guildId) {
        await updateFollow(db, existing.id, change, now())
        return { content: `${words.filterChanged(channelId, filter)} ${spoken}` }
      }
      if (existing !== undefined) return { content: words.channelOfAnotherServer }
      if (await countGuildFollows(db, guildId) >= follow.perServer) return { content: words.followLimit(follow.perServer) }
      let webhook: CreatedWebhook
      try {
        const made = await ownWebhook(follow, channelId, guildId)
        if ('refusal' in made) return { content: made.refusal === 'other-server' ? words.channelOfAnotherServer : words.webhookRefused(channelId, refusalReason(made.refusal, words)) }
        webhook = made.webhook
      } catch (error) {
        if (error instanceof DiscordUnreachable) return { content: words.discordAway }
        throw error
      }
      // Whatever goes wrong from here, the webhook is not left behind.
      const dropWebhook = () => deleteWebhook(follow.rest, webhook.id).catch(() => false)
      let id
      try {
        id = await insertFollow(db, { guildId, channelId, webhookId: webhook.id, webhookToken: webhook.token, ...change, by: authorOf(interaction), at: now() })
      } catch (error) {
        await dropWebhook()
        throw error
      }
      if (id === undefined) {
        // Another replica's /follow of the same channel was quicker: keep its webhook, drop ours, and take this filter.
        const winner = await findFollow(db, channelId)
        if (winner?.webhookId !== webhook.id) await dropWebhook()
        if (winner === undefined || winner.guildId !== guildId) return { content: words.channelOfAnotherServer }
        await updateFollow(db, winner.id, change, now())
        return { content: `${words.filterChanged(channelId, filter)} ${spoken}` }
      }
      // Another replica may have added a follow of this server meanwhile: the later one over the limit gives way.
      if (await countGuildFollows(db, guildId, id) > follow.perServer) {
        await deleteFollow(db, id)
        await dropWebhook()
        return { content: words.followLimit(follow.perServer) }
      }
      context.logger.info({ target: `follow:${id}`, guild: guildId, channel: channelId, components: chosen, language: language ?? null }, 'discord: a channel follows the status')
      return { content: `${words.followed(channelId, filter)} ${spoken}` }
    })
  }
}

/**
 * The webhook a follow of `channelId` sends through: the one the bot made there before (a /follow that timed out while
 * Discord made it, an earlier follow's that was not deleted), found by its application and name; else a new one. After
 * a time-out the channel is looked at again, so a webhook Discord made late is used rather than left behind. A channel
 * of another server is refused before anything is made.
 */
async function ownWebhook (follow: NonNullable<CommandContext['follow']>, channelId: string, guildId: string):
Promise<{ webhook: CreatedWebhook } | { refusal: RestAnswer | 'other-server' }> {
  const channel = await channelGuild(follow.rest, channelId)
  if ('status' in channel) return { refusal: channel }
  if (channel.guildId !== guildId) return { refusal: 'other-server' }
  const found = async (): Promise<CreatedWebhook | undefined> => {
    const listed = await channelWebhooks(follow.rest, channelId)
    if ('status' in listed) return undefined // made anew below; Discord's refusal of that says why
    const own = listed.filter((webhook) => webhook.applicationId === follow.applicationId && webhook.name === follow.webhookName)
    // No follow uses any of them (the channel has none): keep one, delete the rest.
    for (const extra of own.slice(1)) await deleteWebhook(follow.rest, extra.id).catch(() => false)
    return own[0]
  }
  const before = await found()
  if (before !== undefined) return { webhook: before }
  let made
  try {
    made = await createWebhook(follow.rest, channelId, follow.webhookName)
  } catch (error) {
    if (!(error instanceof DiscordUnreachable)) throw error
    const late = await found()
    if (late === undefined) throw error
    return { webhook: late }
  }
  if ('status' in made) return { refusal: made }
  if (made.guildId !== undefined && made.guildId !== guildId) {
    await deleteWebhook(follow.rest, made.id).catch(() => false)
    return { refusal: 'other-server' }
  }
  return { webhook: made }
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
      const lines = follows.map((follow) => `<#${follow.channelId}> · ${follow.components.length === 0 ? words.everyComponent : follow.components.join(', ')} · ${languageName(follow.language)}`)
      return { content: fitList((list) => `**${words.followsTitle}**\n${list}`, lines, '\n', words.andMore) }
    }
  }
}

function refusalReason (answer: RestAnswer, words: Words): string {
  if (answer.code !== undefined && MISSING_ACCESS.has(answer.code)) return words.missingPermission
  if (answer.code === TOO_MANY_WEBHOOKS) return words.tooManyWebhooks
  return `${answer.status}${answer.message === undefined ? '' : ` ${answer.message}`}${answer.code === undefined ? '' : ` (code ${answer.code})`}`
}
