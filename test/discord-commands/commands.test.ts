// Every command through the signed endpoint, as an operator, a member without the role, another guild and a DM: the
// writes are the CLI's operations (visible on /api/v1/health/incidents, the components and the page; notifications go
// out), refusals are the CLI's words in English or German, forms and autocomplete carry what the commands need.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { incidentRows, runBin } from '../cli/run-bin.ts'
import { content, discordSetup, type DiscordSetup } from './setup.ts'

const incidentsBody = async (setup: DiscordSetup) => (await setup.app.inject('/api/v1/health/incidents')).json() as {
  maintenance: unknown, incidents: Array<{ id: number, title: string, status: string, impact: string, resolvedAt: string | null, components: Array<{ id: string, status: string }>, updates: Array<{ message: string, status: string }> }>
}
const componentStatus = async (setup: DiscordSetup, id: string) =>
  ((await setup.app.inject('/api/v1/health/components')).json() as { components: Array<{ id: string, status: string }> }).components.find((c) => c.id === id)!.status

/** Runs the notification worker's rounds until `count` requests reached the Discord webhook receiver. */
async function delivered (setup: DiscordSetup, count: number): Promise<void> {
  for (let round = 0; round < 50 && setup.webhook.answered.length < count; round++) {
    if (await setup.context.notifications!.worker.runOnce() === 0) await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('Discord commands', () => {
  it('/incident open, update and resolve: the CLI\'s operations, on the API, the page and in the notifications', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const opened = content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Slow replies', message: 'Commands answer late.', components: 'music, dashboard=major_outage' })))
    assert.equal(opened, 'Incident 1 opened (major, investigating). https://status.example.com/status/incidents/1')
    let body = await incidentsBody(setup)
    assert.equal(body.incidents[0]!.title, 'Slow replies')
    assert.deepEqual(body.incidents[0]!.components, [{ id: 'dashboard', status: 'major_outage' }, { id: 'music', status: 'partial_outage' }])
    assert.equal(await componentStatus(setup, 'music'), 'partial_outage')
    const page = (await setup.app.inject('/status')).body
    assert.match(page, /Slow replies/)
    assert.match(page, /Commands answer late\./)

    const updated = content(await send(standIn.command('incident', 'update', { incident: '1', message: 'A bad deploy.', status: 'identified', components: 'music' })))
    assert.equal(updated, 'Incident 1 updated (identified). https://status.example.com/status/incidents/1')
    body = await incidentsBody(setup)
    assert.equal(body.incidents[0]!.status, 'identified')
    assert.deepEqual(body.incidents[0]!.components, [{ id: 'music', status: 'partial_outage' }], 'the components given replace the set')

    const resolved = content(await send(standIn.command('incident', 'resolve', { incident: '#1' }, { locale: 'de' })))
    assert.equal(resolved, 'Vorfall 1 behoben. https://status.example.com/de/status/incidents/1')
    body = await incidentsBody(setup)
    assert.notEqual(body.incidents[0]!.resolvedAt, null)
    assert.equal(body.incidents[0]!.updates[0]!.message, 'This incident has been resolved.')
    assert.equal(await componentStatus(setup, 'music'), 'operational')

    // The notifications go out as for a CLI change: one Discord message, created and edited twice.
    await delivered(setup, 3)
    assert.deepEqual(setup.webhook.answered.map((request) => request.method), ['POST', 'PATCH', 'PATCH'])
    const message = [...setup.webhook.messages.values()][0]!
    assert.equal(message.embeds[0]!.title, 'Slow replies')
    assert.equal(message.embeds[0]!.description, 'This incident has been resolved.')
    // The author is recorded for operators only: nothing public names the Discord user.
    const everything = JSON.stringify(await incidentsBody(setup)) + (await setup.app.inject('/status')).body + JSON.stringify(message) +
      (await setup.app.inject('/status/feed.atom')).body + (await setup.app.inject('/api/v2/summary.json')).body
    assert.ok(!everything.includes('ops-alice') && !everything.includes('discord:'), 'the author is never published')
  })

  it('the forms: /incident open without a title or message and /incident update without a message answer with a modal; its submit writes', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const form = await send(standIn.command('incident', 'open', { impact: 'minor', components: 'music', message: 'Prefilled.' }))
    assert.equal(form.body.type, 9)
    const data = form.body.data as { custom_id: string, title: string, components: Array<{ type: number, components: Array<{ type: number, custom_id: string, style: number, value?: string }> }> }
    assert.equal(data.title, 'Open an incident')
    assert.deepEqual(data.components.map((row) => [row.type, row.components[0]!.type, row.components[0]!.custom_id]), [[1, 4, 'title'], [1, 4, 'message']])
    assert.equal(data.components[1]!.components[0]!.value, 'Prefilled.', 'what the command gave is in the form')
    assert.ok(data.custom_id.length <= 100)
    assert.deepEqual(await incidentRows(setup).then((rows) => rows.incidents), [], 'a form writes nothing')

    const opened = content(await send(standIn.modalSubmit(data.custom_id, { title: 'Music stutters', message: 'Looking into it.' })))
    assert.match(opened, /^Incident 1 opened \(minor, investigating\)/)
    const body = await incidentsBody(setup)
    assert.deepEqual(body.incidents[0]!.components, [{ id: 'music', status: 'degraded_performance' }], 'the components travelled with the form')

    const german = await send(standIn.command('incident', 'update', { incident: '1', status: 'monitoring' }, { locale: 'de' }))
    assert.equal(german.body.type, 9)
    const update = german.body.data as typeof data
    assert.equal(update.title, 'Vorfall 1 aktualisieren')
    assert.deepEqual(update.components.map((row) => row.components[0]!.custom_id), ['message'])
    assert.equal(update.components[0]!.components[0]!.style, 2, 'a paragraph')
    const updated = content(await send(standIn.modalSubmit(update.custom_id, { message: 'Ein Fix ist live.' }, { locale: 'de' })))
    assert.match(updated, /^Vorfall 1 aktualisiert \(wird beobachtet\)/)
    const after = await incidentsBody(setup)
    assert.equal(after.incidents[0]!.status, 'monitoring')
    assert.deepEqual(after.incidents[0]!.components, [{ id: 'music', status: 'degraded_performance' }], 'no components given: they stay')

    // A form submitted with an empty title is refused in the CLI's words; an undeclared component before the form shows.
    const blank = await send(standIn.command('incident', 'open', { impact: 'minor' }))
    assert.equal(content(await send(standIn.modalSubmit((blank.body.data as typeof data).custom_id, { title: ' ', message: 'x' }))), 'title must not be empty')
    assert.equal(content(await send(standIn.command('incident', 'open', { impact: 'minor', components: 'musik' }))),
      'components "musik" is not a declared component (declared: bot, music, dashboard)')
  })

  it('refusals come back ephemeral, in the CLI\'s words or in German, and change nothing', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'Gone soon', message: 'x' })))
    content(await send(standIn.command('incident', 'resolve', { incident: '1', message: 'Fixed.' })))
    const before = await incidentRows(setup)

    const english = content(await send(standIn.command('incident', 'resolve', { incident: '1' })))
    const cli = await runBin(setup, ['incident', 'resolve', '1'])
    assert.equal(cli.code, 2)
    assert.equal(cli.stderr.trim(), `status-api: incident resolve: ${english}`, 'the same words as the CLI')
    assert.match(english, /^incident 1 was resolved at \S+; open a new incident instead$/)
    assert.match(content(await send(standIn.command('incident', 'resolve', { incident: '1' }, { locale: 'de' }))),
      /^Vorfall 1 wurde am \S+ behoben; eröffne stattdessen einen neuen Vorfall$/)

    assert.equal(content(await send(standIn.command('incident', 'update', { incident: '99', message: 'x' }))), 'there is no incident 99')
    assert.equal(content(await send(standIn.command('incident', 'update', { incident: '99', message: 'x' }, { locale: 'de-DE' }))), 'Es gibt keinen Vorfall 99')
    assert.equal(content(await send(standIn.command('incident', 'update', { incident: 'seven', message: 'x' }))), '"seven" is not a valid incident id (a positive whole number)')
    assert.equal(content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'T', message: 'm', components: 'music, music' }))), 'components "music" is given twice')
    assert.equal(content(await send(standIn.command('maintenance', 'schedule', { title: 'Upgrade', message: 'm', from: '+2h', to: '+1h' }))).replace(/\(\S+\)/g, '(…)'),
      '--to (…) must be after --from (…)')
    assert.equal(content(await send(standIn.command('maintenance', 'schedule', { title: 'Upgrade', message: 'm', from: 'tomorrow', to: '+1h' }, { locale: 'de' }))),
      'von "tomorrow" ist keine Zeitangabe; verwende eine ISO-8601-Zeit mit Zeitzone (2026-11-21T22:00Z, 2026-11-21T23:00+01:00), now oder einen Abstand von jetzt (+2h, +1d12h, -30m; Einheiten m, h, d, w)')
    assert.equal(content(await send(standIn.command('maintenance', 'schedule', { title: 'Upgrade', message: 'm', from: '2026-01-01T10:00', to: '+1h' }))),
      'from "2026-01-01T10:00" has no time zone; add Z for UTC or an offset such as +01:00')
    assert.equal(content(await send(standIn.command('maintenance', 'end', { window: '5' }))), 'there is no maintenance 5')
    assert.equal(content(await send(standIn.command('maintenance', 'schedule', { title: 'Upgrade', message: 'm', from: 'now', to: '+1h', components: 'music=major_outage' }))),
      'components "music=major_outage": a maintenance window\'s components take no status (they are under_maintenance while it is active)')
    assert.deepEqual(await incidentRows(setup), before, 'nothing was written')
  })

  it('/maintenance schedule and end, in the CLI\'s time forms; the window is on the API and puts its components under maintenance', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const scheduled = content(await send(standIn.command('maintenance', 'schedule', { title: 'Database upgrade', message: 'Short pauses.', from: 'now', to: '+2h', components: 'dashboard' })))
    assert.match(scheduled, /^Maintenance 1 scheduled from <t:\d+:f> to <t:\d+:f>\. https:\/\/status\.example\.com\/status\/maintenance\/1$/)
    const body = await incidentsBody(setup) as unknown as { maintenance: { id: number, title: string, components: string[] } | null }
    assert.equal(body.maintenance?.title, 'Database upgrade')
    assert.equal(await componentStatus(setup, 'dashboard'), 'under_maintenance')
    assert.match((await setup.app.inject('/status')).body, /Database upgrade/)

    const choices = await send(standIn.command('maintenance', 'end', { window: '' }, {}, 'window'))
    assert.deepEqual(choices.body, { type: 8, data: { choices: [{ name: '#1 Database upgrade', value: '1' }] } })
    assert.equal(content(await send(standIn.command('maintenance', 'end', { window: '1' }))), 'Maintenance 1 ended. https://status.example.com/status/maintenance/1')
    assert.equal(await componentStatus(setup, 'dashboard'), 'operational')
    assert.equal(content(await send(standIn.command('maintenance', 'end', { window: '1' }))), 'maintenance 1 is already ended')

    await delivered(setup, 2)
    assert.deepEqual([...setup.webhook.messages.values()].map((message) => message.embeds[0]!.title), ['Maintenance: Database upgrade'])
  })

  it('autocomplete: declared components (the last of a list), open incidents as "#7 Slow replies", manual components', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const choices = async (name: string, sub: string, options: Record<string, string>, focused: string, locale?: string) => {
      const sent = await send(standIn.command(name, sub, options, { locale }, focused))
      assert.equal(sent.body.type, 8)
      return (sent.body.data as { choices: Array<{ name: string, value: string }> }).choices
    }
    assert.deepEqual(await choices('incident', 'open', { impact: 'minor', components: '' }, 'components'),
      [{ name: 'bot · Commands and gateway', value: 'bot' }, { name: 'music · Music', value: 'music' }, { name: 'dashboard · Dashboard', value: 'dashboard' }])
    assert.deepEqual(await choices('incident', 'open', { impact: 'minor', components: 'music,da' }, 'components'),
      [{ name: 'music, dashboard · Dashboard', value: 'music, dashboard' }])
    assert.deepEqual((await choices('maintenance', 'schedule', { components: 'befehle' }, 'components', 'de')).map((c) => c.value), ['bot'], 'by the name in the user\'s language')

    content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Slow replies', message: 'x' })))
    content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'Music stutters', message: 'x' })))
    content(await send(standIn.command('incident', 'resolve', { incident: '2' })))
    content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'Dashboard login', message: 'x' })))
    assert.deepEqual(await choices('incident', 'update', { incident: '' }, 'incident'),
      [{ name: '#3 Dashboard login', value: '3' }, { name: '#1 Slow replies', value: '1' }], 'open incidents only')
    assert.deepEqual(await choices('incident', 'resolve', { incident: 'slow' }, 'incident'), [{ name: '#1 Slow replies', value: '1' }])
    assert.deepEqual(await choices('component', 'set', { component: '' }, 'component'),
      [{ name: 'music · Music', value: 'music' }, { name: 'dashboard · Dashboard', value: 'dashboard' }], 'manual components only')
    // Someone without the role sees no choices.
    const stranger = await send(standIn.command('incident', 'update', { incident: '' }, { roles: [] }, 'incident'))
    assert.deepEqual(stranger.body, { type: 8, data: { choices: [] } })
  })

  it('access: without the role, in another guild and in a DM the writes are refused and change nothing; Administrator may; /status is for anyone', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const open = { impact: 'critical', title: 'Everything is down', message: 'x' }
    const refusedBy = [
      { roles: ['1300000000000000777'], permissions: '1024' },
      { guildId: '1200000000000000999' },
      { guildId: '1200000000000000999', permissions: '8' },
      { dm: true }
    ]
    for (const who of refusedBy) {
      const answer = content(await send(standIn.command('incident', 'open', open, who)))
      assert.equal(answer, who.dm === true
        ? 'These commands work only in the operator server. Nothing was changed.'
        : 'Only members of the operator server with an operator role, or with Administrator, may change the status. Nothing was changed.', JSON.stringify(who))
      const form = await send(standIn.command('incident', 'open', { impact: 'minor' }, who))
      assert.equal(form.body.type, 4, 'no form either')
      assert.equal(content(await send(standIn.modalSubmit('incident-open|minor|investigating|', { title: 'x', message: 'y' }, who))).endsWith('Nothing was changed.'), true)
    }
    assert.equal(content(await send(standIn.command('maintenance', 'end', { window: '1' }, { roles: [], locale: 'de' }))),
      'Nur Mitglieder des Betreiber-Servers mit einer Betreiber-Rolle oder mit Administrator-Recht dürfen den Status ändern. Es wurde nichts geändert.')
    assert.deepEqual((await incidentRows(setup)).incidents, [], 'nothing was written')

    // Administrator (0x8) in the operator guild, without any operator role.
    assert.match(content(await send(standIn.command('incident', 'open', open, { roles: [], permissions: String(0x8 | 0x400) }))), /^Incident 1 opened \(critical, investigating\)/)

    // /status for a member without the role: the indicator, what is not operational, open incidents with links, the page.
    const status = await send(standIn.command('status', undefined, {}, { roles: [], permissions: '0' }))
    assert.equal(status.body.type, 4)
    const data = status.body.data as { flags: number, embeds: Array<{ title: string, description: string, url: string, fields: Array<{ name: string, value: string }> }> }
    assert.equal(data.flags, 64, 'only the asker sees it')
    const embed = data.embeds[0]!
    const model = (await setup.app.inject('/api/v1/health/components')).json() as { indicator: string }
    assert.equal(model.indicator, 'critical')
    assert.equal(embed.title, 'Acme status')
    assert.equal(embed.description, 'Major outage', 'the page\'s words for the model\'s indicator')
    assert.equal(embed.url, 'https://status.example.com/status')
    assert.match(embed.fields.find((f) => f.name === 'Open incidents')!.value, /^\[#1 Everything is down\]\(https:\/\/status\.example\.com\/status\/incidents\/1\) · Investigating · Critical impact$/)
    assert.ok(embed.fields.some((f) => f.name === 'Not operational' && /Commands and gateway: /.test(f.value)))
    const german = (await send(standIn.command('status', undefined, {}, { roles: [], locale: 'de' }))).body.data as typeof data
    assert.equal(german.embeds[0]!.description, 'Schwerer Ausfall')
    assert.equal(german.embeds[0]!.url, 'https://status.example.com/de/status')
  })

  it('/status says that the bot has not reported yet instead of that all systems are operational, as the page does', async (t) => {
    const setup = await discordSetup(t)
    await setup.context.monitor.runOnce()
    type Data = { embeds: Array<{ description: string }> }
    const model = (await setup.app.inject('/api/v1/health/components')).json() as { indicator: string, unknownComponents: number }
    assert.deepEqual([model.indicator, model.unknownComponents], ['none', 1], 'no shard has reported: the bot is unknown')
    const english = (await setup.send(setup.standIn.command('status', undefined, {}, { roles: [], permissions: '0' }))).body.data as Data
    assert.equal(english.embeds[0]!.description, 'All reporting systems operational; 1 component has not reported yet')
    const german = (await setup.send(setup.standIn.command('status', undefined, {}, { roles: [], locale: 'de' }))).body.data as Data
    assert.equal(german.embeds[0]!.description, 'Alle meldenden Systeme betriebsbereit; 1 Komponente hat sich noch nicht gemeldet')
    assert.match((await setup.app.inject('/status')).body, /<h2 id="overall-title">All reporting systems operational; 1 component has not reported yet<\/h2>/)
  })

  it('/component set and clear through the operator API\'s operations', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    assert.equal(content(await send(standIn.command('component', 'set', { component: 'music', status: 'major_outage', message: 'Lavalink is down.' }))),
      'Component music set to major_outage.')
    await setup.context.monitor.runOnce() // a manual status is measured in the next round, as the operator API's
    assert.equal(await componentStatus(setup, 'music'), 'major_outage')
    assert.match(content(await send(standIn.command('component', 'set', { component: 'bot', status: 'major_outage' }))), /bot/)
    assert.equal(content(await send(standIn.command('component', 'clear', { component: 'music' }))), 'Component music cleared: what its checks and incidents say applies again.')
    await setup.context.monitor.runOnce()
    assert.equal(await componentStatus(setup, 'music'), 'operational')
  })
})
