// Incidents opened from the status file's templates, on SQLite and PostgreSQL: through the CLI (options override the
// template's), the operator API and Discord (autocompleted); each page language shows the template's text in it,
// English where it gives none, and every language-free copy the English; an unknown template is refused, writing nothing.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { buildTestApp, databaseBackends, tempDir, type TestApp } from '../helper.ts'
import { incidentRows, refreshedBody, runInProcess } from '../cli/run-bin.ts'
import { OPERATOR_TOKENS, TOKENS } from '../operator/operator-process.ts'
import { content, discordSetup } from '../discord-commands/setup.ts'
import { TEMPLATES_FILE } from './templates.ts'
import { DiscordReceiver, WebhookReceiver } from '../notify/receivers.ts'


function statusFile (t: TestContext, text = TEMPLATES_FILE): string {
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, text)
  return file
}

const page = async (server: TestApp, url: string) => {
  const response = await server.app.inject(url)
  assert.equal(response.statusCode, 200, url)
  return response.body
}

for (const backend of databaseBackends()) {
  describe(`incident templates on ${backend.name}`, { skip: backend.skip }, () => {
    const serve = async (t: TestContext, env: Record<string, string> = {}) =>
      buildTestApp(t, { ...await backend.env(), STATUS_FILE: statusFile(t), ...env })

    it('incident open --template: the template\'s incident, its text in each page language, the English in the copies', async (t) => {
      const server = await serve(t)
      const opened = await runInProcess(server.config, ['incident', 'open', '--template', 'platform-outage'])
      assert.equal(opened.code, 0, opened.stderr)
      const id = Number(/^incident (\d+) opened \(major, investigating\)$/m.exec(opened.stdout)?.[1])
      assert.ok(id > 0, opened.stdout)

      const body = await refreshedBody(server)
      const incident = body.incidents[0]
      assert.equal(incident.title, 'Discord is having trouble', 'the JSON body carries the English')
      assert.equal(incident.updates[0].message, 'Discord\'s API is failing; commands may not answer.')
      assert.deepEqual(incident.components, [{ id: 'bot', status: 'partial_outage' }, { id: 'music', status: 'partial_outage' }])
      const [row] = (await incidentRows(server)).incidents
      assert.deepEqual(JSON.parse(row!.texts!), {
        de: { title: 'Discord hat Probleme', message: 'Die API von Discord fällt aus; Befehle antworten womöglich nicht.' },
        fr: { title: 'Discord rencontre des problèmes' }
      }, 'stored with the incident: a later status file does not change what was published')

      const english = await page(server, `/status/incidents/${id}`)
      assert.match(english, /<h1 class="incident-title">Discord is having trouble<\/h1>/)
      assert.match(english, /API is failing; commands may not answer\./)
      const german = await page(server, `/de/status/incidents/${id}`)
      assert.match(german, /<h1 class="incident-title">Discord hat Probleme<\/h1>/)
      assert.match(german, /Die API von Discord fällt aus; Befehle antworten womöglich nicht\./)
      assert.doesNotMatch(german, /Discord is having trouble|API is failing/)
      const french = await page(server, `/fr/status/incidents/${id}`)
      assert.match(french, /<h1 class="incident-title">Discord rencontre des problèmes<\/h1>/)
      assert.match(french, /API is failing/, 'a language the template gives no message in shows the English one')
      assert.match(await page(server, `/es/status/incidents/${id}`), /<h1 class="incident-title">Discord is having trouble<\/h1>/)

      const status = await page(server, '/de/status')
      assert.match(status, /Discord hat Probleme/)
      assert.match(status, /data-incident-texts="[^"]*Discord hat Probleme/, 'handed to the page\'s script, which shows it after each refresh')
      assert.doesNotMatch(await page(server, '/status'), /data-incident-texts/)
      assert.match(await page(server, '/de/status.md'), /Discord hat Probleme/)
      assert.match(await page(server, '/de/status/feed.atom'), /Discord hat Probleme/)
      assert.match(await page(server, '/status/feed.atom'), /Discord is having trouble/)
      await server.context.monitor.runOnce() // the Statuspage copy waits for the first round
      assert.match(await page(server, '/status/api/v2/summary.json'), /Discord is having trouble/)
      assert.doesNotMatch(await page(server, '/status/api/v2/summary.json'), /Discord hat Probleme/)
    })

    it('options override the template\'s: a title typed keeps no translation of it, a message not typed keeps its own', async (t) => {
      const server = await serve(t)
      const opened = await runInProcess(server.config, ['incident', 'open', '--template', 'platform-outage', '--title', 'Discord is slow', '--impact', 'minor', '--component', 'dashboard', '--status', 'identified'])
      assert.equal(opened.code, 0, opened.stderr)
      assert.match(opened.stdout, /opened \(minor, identified\)/)
      const incident = (await refreshedBody(server)).incidents[0]
      assert.equal(incident.title, 'Discord is slow')
      assert.deepEqual(incident.components, [{ id: 'dashboard', status: 'degraded_performance' }], '--component replaces the template\'s components')
      const german = await page(server, `/de/status/incidents/${incident.id}`)
      assert.match(german, /<h1 class="incident-title">Discord is slow<\/h1>/)
      assert.match(german, /Die API von Discord fällt aus/)

      const plain = await runInProcess(server.config, ['incident', 'open', '--template', 'music-restart', '--message', 'Restarting now.'])
      assert.equal(plain.code, 0, plain.stderr)
      const [, row] = (await incidentRows(server)).incidents
      assert.equal(row!.texts, null, 'a template in one language stores no other')
      const music = (await refreshedBody(server)).incidents[0]
      assert.deepEqual([music.title, music.impact, music.updates[0].message], ['Music nodes restarting', 'minor', 'Restarting now.'])
      assert.match(await page(server, `/de/status/incidents/${music.id}`), /<h1 class="incident-title">Music nodes restarting<\/h1>/)
    })

    it('refuses an unknown template with one line and exit code 2, writing nothing; without templates it says none are declared', async (t) => {
      const server = await serve(t)
      const before = await incidentRows(server)
      const unknown = await runInProcess(server.config, ['incident', 'open', '--template', 'platform-outgae', '--impact', 'minor'])
      assert.equal(unknown.code, 2)
      assert.equal(unknown.stderr, 'status-api: incident open: --template "platform-outgae" is not a declared template (templates: platform-outage, music-restart)\n')
      const overridden = await runInProcess(server.config, ['incident', 'open', '--template', 'platform-outage', '--impact', 'huge'])
      assert.equal(overridden.code, 2)
      assert.equal(overridden.stderr, 'status-api: incident open: --impact must be one of none, minor, major, critical (got "huge")\n')
      const none = { ...server.config, status: { ...server.config.status, templates: [] } }
      const without = await runInProcess(none, ['incident', 'open', '--template', 'platform-outage'])
      assert.equal(without.stderr, 'status-api: incident open: --template "platform-outage" is not a declared template (none are declared in the status file)\n')
      assert.deepEqual(await incidentRows(server), before, 'nothing was written')
    })

    it('POST /v1/incidents { template }: the same operation; an unknown template is a 400 problem naming template, writing nothing', async (t) => {
      const server = await serve(t, { OPERATOR_PORT: '1', OPERATOR_TOKENS })
      const operator = await buildOperatorApp(server.context)
      t.after(() => operator.close())
      await operator.listen({ port: 0, host: '127.0.0.1' })
      const url = `http://127.0.0.1:${(operator.server.address() as AddressInfo).port}/v1/incidents`
      const post = (body: unknown) => fetch(url, { method: 'POST', headers: { authorization: `Bearer ${TOKENS.ci}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })

      const before = await incidentRows(server)
      for (const body of [{ template: 'nope' }, { template: 'nope', title: 't', impact: 'minor', message: 'm' }]) {
        const refused = await post(body)
        assert.equal(refused.status, 400)
        assert.match(refused.headers.get('content-type') ?? '', /^application\/problem\+json/)
        assert.equal((await refused.json() as { detail: string }).detail, 'template "nope" is not a declared template (templates: platform-outage, music-restart)')
      }
      assert.deepEqual(await incidentRows(server), before, 'nothing was written')

      const opened = await post({ template: 'platform-outage', status: 'monitoring' })
      assert.equal(opened.status, 201)
      const answer = await opened.json() as { id: number, title: string, impact: string, status: string, components: Array<{ id: string }> }
      assert.deepEqual([answer.title, answer.impact, answer.status, answer.components.map((c) => c.id)], ['Discord is having trouble', 'major', 'monitoring', ['bot', 'music']])
      await server.context.incidents.refresh()
      assert.match(await page(server, `/de/status/incidents/${answer.id}`), /Discord hat Probleme/)
    })
  })
}

describe('Discord /incident open with a template', () => {
  it('autocompletes the templates in the user\'s language, opens from one without a form, and refuses an unknown one, writing nothing', async (t) => {
    const setup = await discordSetup(t, {}, { STATUS_FILE: statusFile(t) })
    const { standIn, send } = setup
    const choices = async (typed: string, locale?: string) => {
      const sent = await send(standIn.command('incident', 'open', { template: typed }, { locale }, 'template'))
      assert.equal(sent.body.type, 8)
      return (sent.body.data as { choices: Array<{ name: string, value: string }> }).choices
    }
    assert.deepEqual(await choices(''), [
      { name: 'platform-outage · Discord is having trouble', value: 'platform-outage' }, { name: 'music-restart · Music nodes restarting', value: 'music-restart' }
    ])
    assert.deepEqual(await choices('probleme', 'de'), [{ name: 'platform-outage · Discord hat Probleme', value: 'platform-outage' }])

    const before = await incidentRows(setup)
    assert.equal(content(await send(standIn.command('incident', 'open', { template: 'nope' }))),
      'template "nope" is not a declared template (templates: platform-outage, music-restart)')
    assert.equal(content(await send(standIn.command('incident', 'open', { template: 'nope' }, { locale: 'de' }))),
      'vorlage "nope" ist keine Vorlage der Statusdatei (Vorlagen: platform-outage, music-restart)')
    assert.equal(content(await send(standIn.command('incident', 'open', { template: 'nope' }, { locale: 'fr' }))),
      'modèle « nope » n’est pas un modèle du fichier de statut (modèles : platform-outage, music-restart)')
    assert.equal(content(await send(standIn.command('incident', 'open', { title: 'x', message: 'y' }))), 'impact is required (one of none, minor, major, critical)')
    assert.deepEqual(await incidentRows(setup), before, 'nothing was written')

    const opened = content(await send(standIn.command('incident', 'open', { template: 'platform-outage', components: 'music' }, { locale: 'de' })))
    assert.equal(opened, 'Vorfall 1 eröffnet (erheblich, wird untersucht). https://status.example.com/de/status/incidents/1')
    const incident = (await (await setup.app.inject('/api/v1/health/incidents')).json() as { incidents: Array<{ title: string, components: Array<{ id: string }> }> }).incidents[0]!
    assert.equal(incident.title, 'Discord is having trouble')
    assert.deepEqual(incident.components.map((c) => c.id), ['music'])
    assert.match((await setup.app.inject('/de/status/incidents/1')).body, /Discord hat Probleme/)
  })
})

describe('notifications of an incident opened from a template', () => {
  it('read in NOTIFY_LANGUAGE where the template gives it; signed webhooks carry the English data and the words in text', async (t) => {
    const [discord, webhook] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start()])
    t.after(() => Promise.all([discord.close(), webhook.close()]))
    const server = await buildTestApp(t, {
      STATUS_FILE: statusFile(t), PUBLIC_BASE_URL: 'https://status.example.com', NOTIFY_LANGUAGE: 'de',
      NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret
    }, { notify: { pollMs: 20, backoffBaseMs: 50 } })
    const deliver = async (count: number) => {
      for (let round = 0; round < 50 && (discord.answered.length < count || webhook.verified.length < count); round++) {
        if (await server.context.notifications!.worker.runOnce() === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    const open = await runInProcess(server.config, ['incident', 'open', '--template', 'platform-outage'])
    assert.equal(open.code, 0, open.stderr)
    const id = /incident (\d+)/.exec(open.stdout)![1]!
    await deliver(1)
    const opened = [...discord.messages.values()][0]!.embeds[0]!
    assert.equal(opened.title, 'Discord hat Probleme')
    assert.equal(opened.description, 'Die API von Discord fällt aus; Befehle antworten womöglich nicht.')
    const data = webhook.verified[0]!.data as { incident: { title: string }, update: { message: string }, text: { title: string }, texts?: unknown }
    assert.deepEqual([data.incident.title, data.update.message, data.text.title, data.texts],
      ['Discord is having trouble', 'Discord\'s API is failing; commands may not answer.', 'Discord hat Probleme', undefined])

    assert.equal((await runInProcess(server.config, ['incident', 'update', id, '--message', 'Ein Fix ist unterwegs.'])).code, 0)
    await deliver(2)
    const updated = [...discord.messages.values()][0]!.embeds[0]!
    assert.deepEqual([updated.title, updated.description], ['Discord hat Probleme', 'Ein Fix ist unterwegs.'], 'the title stays German, the update is as typed')
  })
})

