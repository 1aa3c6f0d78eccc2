// Following from Discord (docs/en/architecture.md#follow) through the signed endpoint and the Discord stand-in: /follow makes a webhook in
// the channel with the bot token, a member without Manage Webhooks and a DM are refused and write nothing, the component
// filter lets through what names its components (and later updates of what a channel shows), an incident's update edits
// the same message, /unfollow deletes the webhook, Discord's Unknown Webhook ends a follow, a 429 waits its retry_after
// without holding up other followers, and the webhook token shows up in no answer, page, feed, log or CLI output. A
// channel of another server is refused, answers stay within Discord's 2,000 characters, a channel gets one webhook
// however many /follow arrive at once (the bot's own found again, also after a time-out), and a server's follows are
// bounded by FOLLOWS_PER_SERVER.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { runBinWith } from '../cli/run-bin.ts'
import { insertFollow } from '../../src/store/repositories/discord-follows.ts'
import { APPLICATION_ID, BOT_TOKEN, WEBHOOKS_PER_CHANNEL, type DiscordStandIn, type Who } from './discord-stand-in.ts'
import { content, discordSetup, type DiscordSetup } from './setup.ts'

const SERVER = '1200000000000000777'
const ALERTS = '1500000000000000101'
const MUSIC_NEWS = '1500000000000000102'
/** A member of another server with Manage Webhooks and nothing else. */
const MANAGER: Who = { guildId: SERVER, permissions: String(1 << 29), roles: [] }
const ADMIN: Who = { guildId: SERVER, permissions: '8', roles: [] }

function capturingLogger () {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _encoding, done) { lines.push(String(chunk)); done() } })
  return { logger: pino({ level: 'trace' }, stream), lines }
}

async function followSetup (t: TestContext, env: Record<string, string> = {}) {
  const { logger, lines } = capturingLogger()
  const setup = await discordSetup(t, {}, { DISCORD_BOT_TOKEN: BOT_TOKEN, NOTIFY_DISCORD_MENTION: '1300000000000000042', ...env }, { logger })
  return { setup, lines }
}

/** Runs the followers' rounds until nothing is due and nothing was sent in the last one. */
async function settleFollowers (setup: DiscordSetup): Promise<void> {
  for (let round = 0; round < 40; round++) {
    if (await setup.context.notifications!.followers!.runOnce() === 0) return
  }
}

const executions = (standIn: DiscordStandIn, webhookId: string) =>
  standIn.calls.filter((call) => call.path.startsWith(`/api/v10/webhooks/${webhookId}/`) && (call.method === 'POST' || call.method === 'PATCH'))

const follow = (standIn: DiscordStandIn, channel: string, components?: string, who: Who = MANAGER) =>
  standIn.command('follow', undefined, { channel, ...(components === undefined ? {} : { components }) }, who)

describe('following from Discord', () => {
  it('/follow makes one webhook per channel, refuses others and DMs, filters by component, edits on updates; /unfollow deletes it', async (t) => {
    const { setup, lines } = await followSetup(t)
    const { standIn, send } = setup

    // Refusals write nothing and call Discord for nothing.
    assert.match(content(await send(follow(standIn, ALERTS, undefined, { guildId: SERVER, permissions: '0', roles: [] }))), /^Only members with Manage Webhooks/)
    assert.match(content(await send(follow(standIn, ALERTS, undefined, { dm: true }))), /^Following works in a server channel, not in a DM/)
    assert.match(content(await send(follow(standIn, ALERTS, undefined, { guildId: SERVER, permissions: '0', roles: [], locale: 'de' }))), /^Nur Mitglieder mit dem Recht „Webhooks verwalten“/)
    assert.equal(content(await send(follow(standIn, ALERTS, 'music, nope'))),
      'Unknown component "nope"; the components are: bot, music, dashboard. Nothing was changed.')
    assert.equal(standIn.calls.length, 0, 'nothing reached Discord')
    assert.equal(content(await send(standIn.command('following', undefined, {}, MANAGER))), 'No channel of this server follows the status. `/follow` adds one.')

    // Autocomplete offers the declared components, the last of the list completed.
    const choices = await send(standIn.command('follow', undefined, { channel: ALERTS, components: 'music, da' }, MANAGER, 'components'))
    assert.deepEqual((choices.body.data as { choices: Array<{ value: string }> }).choices.map((choice) => choice.value), ['music, dashboard'])

    assert.equal(content(await send(follow(standIn, ALERTS))),
      `<#${ALERTS}> now follows the status (every component): new incidents and maintenance, their updates, and status changes. Language of its messages: English.`)
    const made = standIn.calls.filter((call) => call.method === 'POST' && call.path === `/api/v10/channels/${ALERTS}/webhooks`)
    assert.equal(made.length, 1)
    assert.equal(made[0]!.headers.authorization, `Bot ${BOT_TOKEN}`)
    assert.deepEqual(JSON.parse(made[0]!.body), { name: 'Acme status' })
    assert.match(content(await send(follow(standIn, MUSIC_NEWS, 'dashboard', ADMIN))), /now follows the status \(dashboard\)/)
    // Following again changes the filter and makes no second webhook.
    assert.equal(content(await send(follow(standIn, MUSIC_NEWS, 'music'))), `<#${MUSIC_NEWS}> already follows the status; it now gets music. Language of its messages: English.`)
    assert.equal(standIn.calls.filter((call) => call.path.endsWith('/webhooks') && call.method === 'POST').length, 2)
    assert.equal(content(await send(standIn.command('following', undefined, {}, MANAGER))),
      `**Channels following the status**\n<#${ALERTS}> · every component · English\n<#${MUSIC_NEWS}> · music · English`)
    // Another server sees none of them.
    assert.match(content(await send(standIn.command('following', undefined, {}, { guildId: '1200000000000000888', permissions: '8', roles: [] }))), /^No channel/)

    const [alerts, music] = [...standIn.webhooks.values()]
    assert.equal(alerts!.channelId, ALERTS)
    assert.equal(music!.channelId, MUSIC_NEWS)

    // Incident 1 names music: both channels. Incident 2 names dashboard only: the channel following everything.
    content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Music stutters', message: 'Playback skips.', components: 'music' })))
    content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'Dashboard slow', message: 'Pages load slowly.', components: 'dashboard' })))
    await settleFollowers(setup)
    const shown = (webhookId: string) => [...standIn.messages.values()].filter((message) => message.webhookId === webhookId)
    assert.deepEqual(shown(alerts!.id).map((message) => message.body.embeds[0]!.title).sort(), ['Dashboard slow', 'Music stutters'])
    assert.deepEqual(shown(music!.id).map((message) => message.body.embeds[0]!.title), ['Music stutters'])
    for (const message of standIn.messages.values()) {
      assert.deepEqual(message.body.allowed_mentions, { parse: [] }, 'a follower is never pinged')
      assert.equal(message.body.content, undefined, 'the operator\'s role mention is not sent to followers')
    }

    // An update, even one that names other components now, edits the message each channel shows.
    content(await send(standIn.command('incident', 'update', { incident: '1', message: 'A bad deploy; rolling back.', status: 'identified', components: 'dashboard' })))
    await settleFollowers(setup)
    for (const webhook of [alerts!, music!]) {
      const message = shown(webhook.id).find((m) => m.body.embeds[0]!.title === 'Music stutters')!
      assert.equal(message.edits, 1)
      assert.equal(message.body.embeds[0]!.description, 'A bad deploy; rolling back.')
    }
    assert.equal(executions(standIn, alerts!.id).length, 3, 'two messages and one edit: each once')
    assert.equal(executions(standIn, music!.id).length, 2)

    // /unfollow deletes the webhook and the row; the channel gets nothing more.
    assert.equal(content(await send(standIn.command('unfollow', undefined, { channel: ALERTS }, MANAGER))), `<#${ALERTS}> no longer follows the status; its webhook was deleted.`)
    assert.ok(standIn.calls.some((call) => call.method === 'DELETE' && call.path === `/api/v10/webhooks/${alerts!.id}` && call.headers.authorization === `Bot ${BOT_TOKEN}`))
    assert.equal(standIn.webhooks.has(alerts!.id), false)
    assert.match(content(await send(standIn.command('unfollow', undefined, { channel: ALERTS }, MANAGER))), /does not follow the status/)
    content(await send(standIn.command('incident', 'resolve', { incident: '1' })))
    await settleFollowers(setup)
    assert.equal(executions(standIn, alerts!.id).length, 3)
    assert.equal(executions(standIn, music!.id).length, 3)

    // The webhook tokens are nowhere but in the requests to Discord.
    const cli = await runBinWith(setup.env, ['notify', 'list'])
    assert.equal(cli.code, 0, cli.stderr)
    assert.match(cli.stdout, /follow:\d+/)
    const answers = (await Promise.all([follow(standIn, MUSIC_NEWS, 'music'), standIn.command('following', undefined, {}, MANAGER)].map(send))).map((sent) => JSON.stringify(sent.body))
    const pages = await Promise.all(['/status', '/status/feed.atom', '/status/feed.rss', '/api/v1/health/incidents', '/status.md', '/llms.txt', '/status/api/v2/summary.json'].map(async (path) => (await setup.app.inject(path)).body))
    const everything = [lines.join(''), cli.stdout, cli.stderr, ...answers, ...pages].join('\n')
    for (const webhook of [alerts!, music!]) assert.ok(!everything.includes(webhook.token), 'no follower token in any answer, page, feed, log or CLI output')
    assert.ok(lines.some((line) => line.includes('follow:')), 'the logs name followers by their key')
  })

  it('Unknown Webhook (10015) ends a follow; a 429 waits its retry_after while the other followers get theirs at once', async (t) => {
    const { setup } = await followSetup(t)
    const { standIn, send } = setup
    for (const channel of [ALERTS, MUSIC_NEWS, '1500000000000000103']) content(await send(follow(standIn, channel)))
    const [gone, limited, fine] = [...standIn.webhooks.values()]
    standIn.webhooks.delete(gone!.id) // someone deleted the webhook in Discord
    standIn.webhookScript.set(limited!.id, [{ status: 429, body: { message: 'You are being rate limited.', retry_after: 0.8, global: false }, headers: { 'retry-after': '1' } }])
    content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Outage', message: 'Everything is down.' })))

    const started = Date.now()
    await setup.context.notifications!.followers!.runOnce()
    assert.equal(executions(standIn, fine!.id).length, 1, 'the healthy follower got it in the first round')
    assert.equal(executions(standIn, limited!.id).length, 1, 'the rate-limited one was tried once')
    const following = content(await send(standIn.command('following', undefined, {}, MANAGER)))
    assert.ok(!following.includes(ALERTS), 'the follow whose webhook is gone ended')
    assert.match(following, new RegExp(MUSIC_NEWS))

    // Within retry_after nothing is sent to it again; after it, once.
    await setup.context.notifications!.followers!.runOnce()
    assert.equal(executions(standIn, limited!.id).length, 1)
    for (let round = 0; round < 60 && [...standIn.messages.values()].filter((m) => m.webhookId === limited!.id).length === 0; round++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      await setup.context.notifications!.followers!.runOnce()
    }
    const retried = executions(standIn, limited!.id)
    assert.equal(retried.length, 2)
    assert.ok(retried[1]!.at - started >= 800, `retried after ${retried[1]!.at - started} ms, not before retry_after`)
    assert.equal([...standIn.messages.values()].filter((m) => m.webhookId !== gone!.id).length, 2, 'each remaining follower has its one message')
  })

  it('a follower that answers slowly holds up nobody else', async (t) => {
    const { setup } = await followSetup(t, { DISCORD_FANOUT_PER_SECOND: '1000' })
    const { standIn, send } = setup
    for (const channel of [ALERTS, MUSIC_NEWS, '1500000000000000103']) content(await send(follow(standIn, channel)))
    const [slow, ...others] = [...standIn.webhooks.values()]
    standIn.slowWebhooks.set(slow!.id, 3000)
    content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Outage', message: 'Everything is down.' })))
    const started = Date.now()
    const round = setup.context.notifications!.followers!.runOnce()
    await standIn.call((call) => call.path.startsWith(`/api/v10/webhooks/${slow!.id}/`))
    for (const webhook of others) {
      await standIn.call((call) => call.path.startsWith(`/api/v10/webhooks/${webhook.id}/`) && call.status === 200, 2000)
    }
    assert.ok(Date.now() - started < 2500, `the others were answered after ${Date.now() - started} ms, not behind the slow one`)
    await round
    assert.equal([...standIn.messages.values()].length, 3, 'and the slow one got it too, once')
  })

  it('a global 429 holds every follower for its retry_after', async (t) => {
    const { setup } = await followSetup(t, { DISCORD_FANOUT_PER_SECOND: '1000' })
    const { standIn, send } = setup
    for (const channel of [ALERTS, MUSIC_NEWS]) content(await send(follow(standIn, channel)))
    const [first, second] = [...standIn.webhooks.values()]
    standIn.webhookScript.set(first!.id, [{ status: 429, body: { message: 'You are being rate limited.', retry_after: 1, global: true }, headers: { 'x-ratelimit-global': 'true' } }])
    content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'Slow', message: 'Slow replies.' })))
    await setup.context.notifications!.followers!.runOnce()
    assert.equal(executions(standIn, first!.id).length, 1)
    const secondBefore = executions(standIn, second!.id).length
    // A new event while the global limit holds: nobody gets it, not even the follower that was not limited.
    content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'Slower', message: 'Even slower.' })))
    await setup.context.notifications!.followers!.runOnce()
    await setup.context.notifications!.followers!.runOnce()
    assert.equal(executions(standIn, second!.id).length, secondBefore, 'nothing is sent while a global 429 holds')
    assert.equal(executions(standIn, first!.id).length, 1)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await settleFollowers(setup)
    assert.equal([...standIn.messages.values()].length, 4, 'then each follower gets both, once')
    assert.equal(executions(standIn, second!.id).length, 2)
  })

  it('a channel of another server is refused and nothing is written or made, whether Discord names its server or not', async (t) => {
    const { setup } = await followSetup(t)
    const { standIn, send } = setup
    const FOREIGN = '1500000000000000666'
    standIn.channelGuilds.set(FOREIGN, '1200000000000000999')
    const refusal = 'That channel belongs to another server; choose a channel of this server. Nothing was changed.'
    assert.equal(content(await send(follow(standIn, FOREIGN))), refusal)
    assert.match(content(await send(follow(standIn, FOREIGN, undefined, { ...MANAGER, locale: 'de' }))), /^Dieser Kanal gehört zu einem anderen Server/)
    // When the interaction's resolved channel names the server, Discord is not even asked.
    standIn.resolvedWithGuild = true
    const before = standIn.calls.length
    assert.equal(content(await send(follow(standIn, FOREIGN))), refusal)
    assert.equal(standIn.calls.length, before, 'refused from the interaction alone')
    assert.equal(standIn.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/webhooks')).length, 0, 'no webhook was made')
    assert.equal(standIn.webhooks.size, 0)
    assert.equal(await setup.context.database.db.selectFrom('discord_follows').select('id').execute().then((rows) => rows.length), 0, 'no follow was recorded')
    // A channel of this server still works, with the resolved server and without.
    assert.match(content(await send(follow(standIn, ALERTS))), /now follows the status/)
    standIn.resolvedWithGuild = false
    assert.match(content(await send(follow(standIn, MUSIC_NEWS))), /now follows the status/)
  })

  it('answers stay within 2,000 characters: 3,000 unknown ids and a long /following say "and N more", never cut a mention', async (t) => {
    const { setup } = await followSetup(t)
    const { standIn, send } = setup
    const ids = Array.from({ length: 3000 }, (_, i) => `nope-${i}`).join(', ')
    for (const [locale, more, end] of [['en', /, and (\d+) more; the components are: bot, music, dashboard\. Nothing was changed\.$/, 'Unknown component "nope-0", "nope-1"'],
      ['de', /, und (\d+) weitere; die Komponenten sind: bot, music, dashboard\. Es wurde nichts geändert\.$/, 'Unbekannte Komponente „nope-0“, „nope-1“']] as const) {
      const answer = content(await send(follow(standIn, ALERTS, ids, { ...MANAGER, locale })))
      assert.ok(answer.length <= 2000, `${locale}: ${answer.length} characters`)
      assert.ok(answer.startsWith(end), answer.slice(0, 80))
      const left = Number(more.exec(answer)?.[1])
      const shown = answer.match(/nope-\d+/g)!.length
      assert.equal(shown + left, 3000, `${locale}: ${shown} shown and ${left} more`)
    }
    assert.equal(standIn.calls.length, 0)

    // 80 followed channels (written directly: more than FOLLOWS_PER_SERVER lets /follow make).
    const channels = Array.from({ length: 80 }, (_, i) => String(1_500_000_000_000_000_000n + BigInt(i)))
    for (const channelId of channels) {
      await insertFollow(setup.context.database.db, { guildId: SERVER, channelId, webhookId: '1700000000000000001', webhookToken: 'x', components: ['music', 'dashboard'], by: 'test', at: new Date().toISOString() })
    }
    for (const [locale, title, more] of [['en', '**Channels following the status**', /^and (\d+) more$/], ['de', '**Kanäle, die dem Status folgen**', /^und (\d+) weitere$/]] as const) {
      const listed = content(await send(standIn.command('following', undefined, {}, { ...MANAGER, locale })))
      assert.ok(listed.length <= 2000, `${locale}: ${listed.length} characters`)
      const lines = listed.split('\n')
      assert.equal(lines[0], title)
      const last = more.exec(lines.at(-1)!)
      assert.ok(last !== null, `${locale}: the list ends in "and N more": ${lines.at(-1)}`)
      const shownLines = lines.slice(1, -1)
      shownLines.forEach((line, i) => assert.equal(line, `<#${channels[i]}> · music, dashboard · English`, 'every line whole'))
      assert.equal(shownLines.length + Number(last[1]), 80)
    }
  })

  it('200 parallel /follow of one channel make one webhook; the bot\'s own webhook is found again, also one Discord made after a time-out', async (t) => {
    const { setup } = await followSetup(t)
    const { standIn, send } = setup
    const answers = await Promise.all(Array.from({ length: 200 }, () => send(follow(standIn, ALERTS))))
    for (const answer of answers) assert.match(content(answer), /now follows the status|already follows the status/)
    assert.equal(answers.filter((answer) => /now follows/.test(content(answer))).length, 1)
    assert.equal(standIn.webhooksIn(ALERTS).length, 1, 'one webhook in the channel')
    const rows = await setup.context.database.db.selectFrom('discord_follows').select(['channel_id', 'webhook_id']).execute()
    assert.deepEqual(rows, [{ channel_id: ALERTS, webhook_id: standIn.webhooksIn(ALERTS)[0]!.id }])

    // A channel full of other webhooks: Discord's limit of 15 is said as such.
    const FULL = '1500000000000000109'
    for (let i = 0; i < WEBHOOKS_PER_CHANNEL; i++) standIn.addWebhook(FULL, `Someone else's ${i}`)
    assert.match(content(await send(follow(standIn, FULL))), /the channel has as many webhooks as Discord allows/)

    // The bot's webhook left in a channel (an earlier follow, two of them even): one is used, the other deleted, none made.
    const LEFT = '1500000000000000110'
    const [kept, extra] = [standIn.addWebhook(LEFT, 'Acme status', APPLICATION_ID), standIn.addWebhook(LEFT, 'Acme status', APPLICATION_ID)]
    const someoneElse = standIn.addWebhook(LEFT, 'Acme status') // a member's, named the same: not ours
    const posts = () => standIn.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/webhooks')).length
    const made = posts()
    assert.match(content(await send(follow(standIn, LEFT))), /now follows the status/)
    assert.equal(posts(), made, 'no new webhook')
    assert.deepEqual(standIn.webhooksIn(LEFT).map((webhook) => webhook.id).sort(), [kept!.id, someoneElse.id].sort())
    assert.equal(extra!.id === kept!.id, false)
    const left = await setup.context.database.db.selectFrom('discord_follows').select('webhook_id').where('channel_id', '=', LEFT).executeTakeFirstOrThrow()
    assert.equal(left.webhook_id, kept!.id)

    // Discord makes the webhook but answers after the 5 s time limit: the answer (deferred) says it follows, through that webhook.
    const LATE = '1500000000000000111'
    standIn.slowWebhookCreation.set(LATE, 6000)
    const deferred = await send(follow(standIn, LATE))
    assert.equal(deferred.body.type, 5)
    const edit = await standIn.call((call) => call.method === 'PATCH' && call.path.endsWith('/messages/@original'), 15_000)
    assert.match((JSON.parse(edit.body) as { content: string }).content, /now follows the status/)
    assert.equal(standIn.webhooksIn(LATE).length, 1, 'the late webhook is the only one')
    const late = await setup.context.database.db.selectFrom('discord_follows').select('webhook_id').where('channel_id', '=', LATE).executeTakeFirstOrThrow()
    assert.equal(late.webhook_id, standIn.webhooksIn(LATE)[0]!.id)
  })

  it('FOLLOWS_PER_SERVER bounds a server\'s follows: one more is refused and nothing is made or written', async (t) => {
    const { setup } = await followSetup(t, { FOLLOWS_PER_SERVER: '3' })
    const { standIn, send } = setup
    const channels = ['1500000000000000201', '1500000000000000202', '1500000000000000203', '1500000000000000204']
    for (const channel of channels.slice(0, 3)) assert.match(content(await send(follow(standIn, channel))), /now follows the status/)
    const made = standIn.webhooks.size
    assert.equal(content(await send(follow(standIn, channels[3]!))),
      'This server has 3 channels following the status, as many as this service allows; `/unfollow` one first. Nothing was changed.')
    assert.match(content(await send(follow(standIn, channels[3]!, undefined, { ...MANAGER, locale: 'de' }))), /^In diesem Server folgen schon 3 Kanäle dem Status/)
    assert.equal(standIn.webhooks.size, made, 'no webhook made')
    assert.equal(standIn.webhooksIn(channels[3]!).length, 0)
    assert.equal((await setup.context.database.db.selectFrom('discord_follows').select('id').execute()).length, 3)
    // A followed channel can still change its filter; another server has its own count; after /unfollow there is room.
    assert.match(content(await send(follow(standIn, channels[0]!, 'music'))), /already follows the status; it now gets music/)
    assert.match(content(await send(follow(standIn, '1500000000000000301', undefined, { ...MANAGER, guildId: '1200000000000000778' }))), /now follows the status/)
    content(await send(standIn.command('unfollow', undefined, { channel: channels[1]! }, MANAGER)))
    assert.match(content(await send(follow(standIn, channels[3]!))), /now follows the status/)
    // Parallel ones cannot slip past it either.
    const more = Array.from({ length: 10 }, (_, i) => String(1_500_000_000_000_000_400n + BigInt(i)))
    const answers = await Promise.all(more.map((channel) => send(follow(standIn, channel))))
    assert.ok(answers.every((answer) => /as many as this service allows/.test(content(answer))))
    assert.equal((await setup.context.database.db.selectFrom('discord_follows').select('id').where('guild_id', '=', SERVER).execute()).length, 3)
  })
})
