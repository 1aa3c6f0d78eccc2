// NOTIFY_LANGUAGE through a running instance and real loopback receivers: the operator's Discord webhook gets its
// embed's words in that language, a signed webhook carries `data.text` in it (verified by the standardwebhooks
// package); unset, English; a language not shipped stops the start with one line naming the shipped ones.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { loadConfig } from '../../src/config/index.ts'
import { incidentEvent, statusEvent } from '../../src/notify/events.ts'
import { insertEvent } from '../../src/store/repositories/notifications.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { buildTestApp, tempDir, type Env } from '../helper.ts'
import { DiscordReceiver, WebhookReceiver } from './receivers.ts'

async function setup (t: TestContext, env: Env) {
  const [discord, webhook] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start()])
  t.after(() => Promise.all([discord.close(), webhook.close()]))
  const test = await buildTestApp(t, {
    PUBLIC_BASE_URL: 'https://status.example.com', NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret, ...env
  }, { notify: { pollMs: 20, backoffBaseMs: 50 } })
  const at = new Date().toISOString()
  await insertEvent(test.context.database.db, incidentEvent('incident.opened', { id: 1, title: 'Commands time out', impact: 'major', status: 'investigating', startedAt: at, resolvedAt: null, components: [] },
    { status: 'investigating', message: 'Looking into it.', at }))
  await insertEvent(test.context.database.db, statusEvent({ from: 'ok', to: 'down', since: at, components: { database: 'down' }, changed: [{ id: 'database', from: 'ok', to: 'down' }] }, at))
  for (let round = 0; round < 50 && (discord.answered.length < 2 || webhook.verified.length < 2); round++) {
    if (await test.context.notifications!.worker.runOnce() === 0) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { discord, webhook }
}

describe('NOTIFY_LANGUAGE', () => {
  it('sets the words of the operator\'s Discord messages and of the signed webhooks\' data.text', async (t) => {
    const { discord, webhook } = await setup(t, { NOTIFY_LANGUAGE: 'es' })
    const [incident, status] = [...discord.messages.values()].map((message) => message.embeds[0]!)
    assert.deepEqual(incident!.fields.slice(0, 2).map((field) => [field.name, field.value]), [['Estado', 'Investigando'], ['Impacto', 'Grave']])
    assert.equal(status!.title, 'Estado: caído')
    assert.equal(status!.description, 'El estado general ha pasado de operativo a caído. Cambios: database (operativo → caído).')
    assert.deepEqual(webhook.verified.map((message) => message.data.text), [
      { language: 'es', title: 'Commands time out', summary: 'Estado: Investigando · Impacto: Grave' },
      { language: 'es', title: 'Estado: caído', summary: 'El estado general ha pasado de operativo a caído. Cambios: database (operativo → caído).' }
    ])
    assert.equal((webhook.verified[1]!.data.status as { to: string }).to, 'down', 'the machine-readable fields stay as they are')
  })

  it('is English when unset', async (t) => {
    const { discord, webhook } = await setup(t, {})
    assert.equal([...discord.messages.values()][1]!.embeds[0]!.description, 'The overall status changed from ok to down. Changed: database (ok → down).')
    assert.deepEqual(webhook.verified[0]!.data.text, { language: 'en', title: 'Commands time out', summary: 'Status: Investigating · Impact: Major' })
  })

  it('takes a shipped tag in any case and refuses any other at start, naming the shipped ones', async (t) => {
    assert.equal(loadConfig({ LOG_LEVEL: 'silent', NOTIFY_LANGUAGE: 'pt-br' }).notify.language, 'pt-BR')
    assert.equal(loadConfig({ LOG_LEVEL: 'silent' }).notify.language, 'en')
    assert.throws(() => loadConfig({ LOG_LEVEL: 'silent', NOTIFY_LANGUAGE: 'ja' }), /^.*NOTIFY_LANGUAGE is "ja", which is not a shipped language \(shipped: en, de, fr, es, pt-BR\)$/)
    const started = await runBinWith({ DATA_DIR: tempDir(t), NOTIFY_LANGUAGE: 'klingon' }, ['migrate'])
    assert.equal(started.code, 1)
    assert.equal(started.stderr, 'status-api: configuration error: NOTIFY_LANGUAGE is "klingon", which is not a shipped language (shipped: en, de, fr, es, pt-BR)\n')
  })
})
