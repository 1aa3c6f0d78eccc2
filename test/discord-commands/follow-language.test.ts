// A follower's language, on SQLite and PostgreSQL, through the signed endpoint and the Discord stand-in (its webhooks on
// loopback): /follow stores the server's guild_locale and the language option; the follower's messages are in the
// language chosen, else the server's, else English (a server in a language not shipped); a later /follow changes it;
// a language that is not offered is refused and writes nothing.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { databaseBackends } from '../helper.ts'
import { BOT_TOKEN, type Who } from './discord-stand-in.ts'
import { content, discordSetup, type DiscordSetup } from './setup.ts'

const SERVER = '1200000000000000777'
const MANAGER: Who = { guildId: SERVER, permissions: String(1 << 29), roles: [] }
const [FRENCH, PORTUGUESE, JAPANESE] = ['1500000000000000201', '1500000000000000202', '1500000000000000203']

async function settleFollowers (setup: DiscordSetup): Promise<void> {
  for (let round = 0; round < 40; round++) {
    if (await setup.context.notifications!.followers!.runOnce() === 0) return
  }
}

for (const backend of databaseBackends()) {
  describe(`a follower's language on ${backend.name}`, { skip: backend.skip }, () => {
    it('messages in the chosen language, else the server\'s, else English; a later /follow changes it', async (t) => {
      const setup = await discordSetup(t, {}, { DISCORD_BOT_TOKEN: BOT_TOKEN, ...await backend.env() })
      const { standIn, send } = setup
      const follow = (channel: string, who: Who, language?: string) =>
        send(standIn.command('follow', undefined, { channel, ...(language === undefined ? {} : { language }) }, who))

      // A language not offered: refused in the user's language, nothing stored, nothing made in Discord.
      assert.match(content(await follow(FRENCH, { ...MANAGER, locale: 'fr' }, 'xx')), /^Choisissez l'une des langues proposées \(English, Deutsch, Français, Español, Português \(Brasil\)\)/)
      assert.deepEqual(await setup.context.database.db.selectFrom('discord_follows').selectAll().execute(), [])
      assert.equal(standIn.calls.length, 0)

      assert.match(content(await follow(FRENCH, { ...MANAGER, guildLocale: 'en-US' }, 'fr')), /Language of its messages: Français\.$/)
      assert.match(content(await follow(PORTUGUESE, { ...MANAGER, guildLocale: 'pt-BR', locale: 'pt-BR' })), /Idioma das mensagens: Português \(Brasil\)\.$/)
      assert.match(content(await follow(JAPANESE, { ...MANAGER, guildLocale: 'ja' })), /Language of its messages: English\.$/)
      const rows = await setup.context.database.db.selectFrom('discord_follows').select(['channel_id', 'language', 'guild_locale']).orderBy('id').execute()
      assert.deepEqual(rows, [
        { channel_id: FRENCH, language: 'fr', guild_locale: 'en-US' },
        { channel_id: PORTUGUESE, language: null, guild_locale: 'pt-BR' },
        { channel_id: JAPANESE, language: null, guild_locale: 'ja' }
      ])
      assert.equal(content(await send(standIn.command('following', undefined, {}, MANAGER))),
        `**Channels following the status**\n<#${FRENCH}> · every component · Français\n<#${PORTUGUESE}> · every component · Português (Brasil)\n<#${JAPANESE}> · every component · English`)

      content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Music stutters', message: 'Playback skips.' })))
      await settleFollowers(setup)
      const webhookOf = (channel: string) => [...standIn.webhooks.values()].find((webhook) => webhook.channelId === channel)!.id
      const embedIn = (channel: string) => [...standIn.messages.values()].find((message) => message.webhookId === webhookOf(channel))!.body.embeds[0]!
      const author = (channel: string) => (embedIn(channel) as { author?: { name: string } }).author?.name
      assert.equal(author(FRENCH), 'Acme · état du service')
      assert.deepEqual(embedIn(FRENCH).fields.map((field) => [field.name, field.value]).slice(0, 2), [['État', 'Analyse en cours'], ['Impact', 'Majeur']])
      assert.equal(author(PORTUGUESE), 'Status de Acme')
      assert.equal(author(JAPANESE), 'Acme status')
      // The operator's own webhook stays in NOTIFY_LANGUAGE (English by default).
      for (let round = 0; round < 50 && setup.webhook.answered.length < 1; round++) await setup.context.notifications!.worker.runOnce()
      assert.equal([...setup.webhook.messages.values()][0]!.embeds[0]!.fields[0]!.name, 'Status')

      // Following again without the option: the server's language (now German, as Discord says).
      assert.match(content(await follow(FRENCH, { ...MANAGER, guildLocale: 'de' })), /Language of its messages: Deutsch\.$/)
      content(await send(standIn.command('incident', 'update', { incident: '1', message: 'A fix is rolling out.', status: 'identified' })))
      await settleFollowers(setup)
      assert.equal(author(FRENCH), 'Acme-Status', 'the update edits the message in the follow\'s new language')
      assert.equal(embedIn(FRENCH).fields[0]!.value, 'Ursache gefunden')
      assert.equal(author(PORTUGUESE), 'Status de Acme')
    })
  })
}
