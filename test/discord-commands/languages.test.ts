// Every answer in the interaction's locale, through the real route with signed interactions: French, Spanish (es-ES and
// es-419), Brazilian Portuguese, and English for a locale the service does not ship (ja). Refusals write nothing.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { WORDS } from '../../src/view/locale-words.js'
import { content, discordSetup } from './setup.ts'

describe('Discord answers in the user\'s language', () => {
  it('answers commands, refusals and /status in fr, es-ES, es-419 and pt-BR; ja gets English', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const opened = content(await send(standIn.command('incident', 'open', { impact: 'major', title: 'Lent', message: 'Les commandes répondent tard.' }, { locale: 'fr' })))
    assert.equal(opened, 'Incident 1 ouvert (majeur, en cours d’analyse). https://status.example.com/fr/status/incidents/1')
    const updated = content(await send(standIn.command('incident', 'update', { incident: '1', message: 'Un correctif arrive.', status: 'identified' }, { locale: 'es-ES' })))
    assert.match(updated, /^Incidencia 1 actualizada/)
    assert.match(updated, /https:\/\/status\.example\.com\/es\/status\/incidents\/1$/)
    const resolved = content(await send(standIn.command('incident', 'resolve', { incident: '1' }, { locale: 'pt-BR' })))
    assert.match(resolved, /^Incidente 1 resolvido\./)

    const before = await setup.context.database.db.selectFrom('incidents').selectAll().execute()
    // The operations' refusals, translated; a locale not shipped answers in the CLI's English.
    assert.equal(content(await send(standIn.command('incident', 'update', { incident: '99', message: 'x' }, { locale: 'pt-BR' }))), 'Não existe o incidente 99')
    assert.equal(content(await send(standIn.command('incident', 'update', { incident: '99', message: 'x' }, { locale: 'es-419' }))), 'No existe la incidencia 99')
    assert.equal(content(await send(standIn.command('incident', 'update', { incident: '99', message: 'x' }, { locale: 'fr' }))), 'Il n’y a pas d’incident 99')
    assert.equal(content(await send(standIn.command('incident', 'update', { incident: '99', message: 'x' }, { locale: 'ja' }))), 'there is no incident 99')
    assert.equal(content(await send(standIn.command('maintenance', 'schedule', { title: 'Mise à niveau', message: 'm', from: 'demain', to: '+1h' }, { locale: 'fr' }))).split(';')[0],
      'début « demain » n’est pas une heure ')
    // The service's own refusals: who may not.
    assert.equal(content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'T', message: 'm' }, { roles: [], permissions: '0', locale: 'es-ES' }))),
      WORDS.es.discord.notOperator)
    assert.match(content(await send(standIn.command('incident', 'open', { impact: 'minor', title: 'T', message: 'm' }, { roles: [], permissions: '0', locale: 'ja' }))),
      /^Only members of the operator server/)
    assert.deepEqual(await setup.context.database.db.selectFrom('incidents').selectAll().execute(), before, 'refusals write nothing')

    // The form's labels.
    const form = await send(standIn.command('incident', 'open', { impact: 'minor' }, { locale: 'pt-BR' }))
    assert.equal((form.body.data as { title: string }).title, 'Abrir um incidente')

    type Data = { embeds: Array<{ title: string, fields: Array<{ name: string, value: string }>, url?: string }> }
    const french = (await send(standIn.command('status', undefined, {}, { roles: [], permissions: '0', locale: 'fr' }))).body.data as Data
    assert.deepEqual(french.embeds[0]!.fields.map((field) => field.name), ['Non opérationnels', 'Incidents en cours', 'Page d\'état'])
    assert.equal(french.embeds[0]!.url, 'https://status.example.com/fr/status')
    const japanese = (await send(standIn.command('status', undefined, {}, { roles: [], permissions: '0', locale: 'ja' }))).body.data as Data
    assert.equal(japanese.embeds[0]!.url, 'https://status.example.com/status')
    assert.equal(japanese.embeds[0]!.fields[0]!.name, 'Not operational')
  })

  it('links to the English page when the user\'s language is not among LANGUAGES, and still answers in it', async (t) => {
    const setup = await discordSetup(t, {}, { LANGUAGES: 'en,de' })
    const opened = content(await setup.send(setup.standIn.command('incident', 'open', { impact: 'minor', title: 'Lent', message: 'x' }, { locale: 'fr' })))
    assert.equal(opened, 'Incident 1 ouvert (mineur, en cours d’analyse). https://status.example.com/status/incidents/1')
    const german = content(await setup.send(setup.standIn.command('incident', 'resolve', { incident: '1' }, { locale: 'de' })))
    assert.match(german, /https:\/\/status\.example\.com\/de\/status\/incidents\/1$/)
  })
})
