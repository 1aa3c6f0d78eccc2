// Every refusal the operations can give has a translation in every shipped language for Discord users; the settings are checked at start.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../../src/config/index.ts'
import { refusalIn } from '../../src/discord-commands/refusals.ts'
import { checkWindow } from '../../src/incidents/writes.ts'
import { InvalidInput, checkId, checkImpact, checkIncidentComponents, checkMaintenanceComponents, checkMessage, checkStatus, checkTitle } from '../../src/incidents/rules.ts'
import { parseTimeInput } from '../../src/incidents/time-input.ts'
import { checkRecurrence, checkRule, checkTimeZone } from '../../src/lib/recurrence.ts'
import { builtinDeclaration } from '../../src/declaration/declaration.ts'
import { describeWriteError } from '../../src/store/write-errors.ts'

const refusalOf = (fn: () => unknown): string => {
  try {
    fn()
  } catch (error) {
    if (error instanceof InvalidInput) return error.message
    throw error
  }
  throw new Error('not refused')
}

const refusalInGerman = (text: string) => refusalIn('de', text)

/** English words a translation must not keep (the option names and ids it quotes are not among them). */
const ENGLISH = /\b(is|must|the|was|nothing|there|required|given)\b/

describe('refusals in the user\'s language', () => {
  it('translates every refusal of the rules, the time forms, the operations and the write errors', () => {
    const declaration = builtinDeclaration()
    const now = Date.parse('2026-11-21T12:00:00Z')
    const refusals = [
      refusalOf(() => checkTitle('title', undefined)),
      refusalOf(() => checkTitle('title', '  ')),
      refusalOf(() => checkTitle('title', '\uD800')),
      refusalOf(() => checkTitle('title', 'x'.repeat(201))),
      refusalOf(() => checkTitle('title', 'a\nb')),
      refusalOf(() => checkMessage('message', 'a\u0007')),
      refusalOf(() => checkImpact('impact', undefined)),
      refusalOf(() => checkStatus('status', 'fixed')),
      refusalOf(() => checkId('incident', undefined)),
      refusalOf(() => checkId('maintenance', 'x')),
      refusalOf(() => checkIncidentComponents('components', [{ id: 'bot', status: 'down' }], declaration)),
      refusalOf(() => checkMaintenanceComponents('components', [{ id: 'bot', status: 'major_outage' }], declaration)),
      refusalOf(() => checkIncidentComponents('components', [{ id: '', status: 'x' }], declaration)),
      refusalOf(() => checkIncidentComponents('components', [{ id: 'music' }], declaration)),
      refusalOf(() => checkIncidentComponents('components', [{ id: 'bot' }, { id: 'bot' }], declaration)),
      refusalOf(() => parseTimeInput('from', undefined, now)),
      refusalOf(() => parseTimeInput('from', '2026-11-21T10:00', now)),
      refusalOf(() => parseTimeInput('to', 'soon', now)),
      refusalOf(() => checkWindow({ startsAt: now + 2, endsAt: now + 1 }, now)),
      refusalOf(() => checkWindow({ startsAt: now - 2, endsAt: now - 1 }, now)),
      // What the operations refuse after reading the database (src/incidents/writes.ts).
      'there is no incident 7', 'incident 7 was resolved at 2026-11-21T10:00:00.000Z; open a new incident instead', 'incident 7 was resolved meanwhile; nothing was written',
      'there is no maintenance 3', 'maintenance 3 is already ended', 'maintenance 3 is already cancelled', 'maintenance 3 ended meanwhile; nothing was written',
      'status resolved makes no sense for a new incident',
      // With the labels of the other front doors (the operator API names inputs without dashes).
      'to (2026-11-21T10:00:00.000Z) must be after from (2026-11-21T11:00:00.000Z)', 'to (2026-11-21T10:00:00.000Z) is in the past; the window would never be shown',
      // The manual components' refusals (src/operations/manual-components.ts).
      'the status is required (one of operational, degraded_performance, partial_outage, major_outage)',
      'the status must be one of operational, degraded_performance, partial_outage, major_outage (got "down")',
      '"musik" is not a declared component (manual ones: music, dashboard)',
      '"bot" is measured by its builtin check; only components declared with check: { manual: true } are set by hand (manual ones: none)',
      'the message must not be empty',
      // A series' refusals, with the options' names (src/lib/recurrence.ts).
      ...['every sunday', 'FREQ=SECONDLY', 'FREQ=DAILY;BYSETPOS=1'].map((rule) => refusalOf(() => checkRule('repeat', rule))),
      refusalOf(() => checkTimeZone('timezone', 'Mars/Base')),
      refusalOf(() => checkRecurrence({ rrule: 'FREQ=DAILY', start: '2027-03-28T02:30', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, { rrule: 'repeat', from: 'from', duration: 'to' })),
      refusalOf(() => checkRecurrence({ rrule: 'FREQ=DAILY', start: '2027-10-31T02:30', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, { rrule: 'repeat', from: 'from', duration: 'to' })),
      refusalOf(() => checkRecurrence({ rrule: 'FREQ=DAILY', start: '2027-01-03T03:00', timeZone: 'Europe/Berlin', durationMs: 25 * 3_600_000 }, { rrule: 'repeat', from: 'from', duration: 'to' })),
      refusalOf(() => checkRecurrence({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20270120', start: '2027-01-03T03:00', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, { rrule: 'repeat', from: 'from', duration: 'to' })),
      'repeat gives more than 1000 occurrences a year', 'to 7d1h is longer than 7 days', 'to must be at least 1m',
      ...[{ code: 'SQLITE_BUSY' }, { code: 'SQLITE_FULL' }, { code: 'SQLITE_READONLY' }, { code: 'SQLITE_CORRUPT' }].map((error) => `nothing was written: ${describeWriteError(error)}`)
    ]
    for (const tag of ['de', 'fr', 'es', 'pt-BR'] as const) {
      for (const refusal of refusals) {
        const translated = refusalIn(tag, refusal)
        assert.notEqual(translated, refusal, `no ${tag} for: ${refusal}`)
        assert.doesNotMatch(translated, ENGLISH, `English left in ${tag}: ${translated}`)
      }
    }
    assert.equal(refusalIn('en', refusals[0]!), refusals[0], 'English is the CLI\'s own words')
    assert.equal(refusalInGerman('components "musik" is not a declared component (declared: bot, music)'), 'komponenten "musik" ist keine angegebene Komponente (angegeben: bot, music)')
    assert.equal(refusalIn('fr', 'components "musik" is not a declared component (declared: none)'), 'composants « musik » n’est pas un composant déclaré (déclarés : aucun)')
    assert.equal(refusalIn('pt-BR', 'to (2026-11-21T10:00:00.000Z) must be after from (2026-11-21T11:00:00.000Z)'), 'fim (2026-11-21T10:00:00.000Z) deve ser depois de início (2026-11-21T11:00:00.000Z)')
    assert.equal(refusalIn('es', 'nothing was written: disk full'), 'No se guardó nada: el disco está lleno')
    assert.equal(refusalInGerman('something new'), 'something new', 'unknown refusals stay as they are')
  })
})

describe('DISCORD_* settings', () => {
  const base = { LOG_LEVEL: 'silent' }
  it('reads the key, ids, roles and the API base; the key needs the application and the guild', () => {
    const key = 'ab'.repeat(32)
    const config = loadConfig({ ...base, DISCORD_PUBLIC_KEY: key.toUpperCase(), DISCORD_APPLICATION_ID: '11000000000000000001', DISCORD_OPERATOR_GUILD_ID: '12000000000000000002', DISCORD_OPERATOR_ROLE_IDS: ' 13000000000000000003 ,13000000000000000004,' }).discord
    assert.deepEqual(config.publicKey, Buffer.from(key, 'hex'))
    assert.deepEqual(config.operatorRoleIds, ['13000000000000000003', '13000000000000000004'])
    assert.equal(config.apiBase, 'https://discord.com/api/v10')
    assert.equal(loadConfig({ ...base, DISCORD_API_BASE: 'http://127.0.0.1:9/api/v10/' }).discord.apiBase, 'http://127.0.0.1:9/api/v10')
    assert.equal(loadConfig(base).discord.publicKey, undefined, 'no key: no route')
    assert.throws(() => loadConfig({ ...base, DISCORD_PUBLIC_KEY: 'xyz' }), /DISCORD_PUBLIC_KEY must be .* 64 hex digits/)
    assert.throws(() => loadConfig({ ...base, DISCORD_PUBLIC_KEY: key }), /set DISCORD_APPLICATION_ID too/)
    assert.throws(() => loadConfig({ ...base, DISCORD_PUBLIC_KEY: key, DISCORD_APPLICATION_ID: '11000000000000000001' }), /set DISCORD_OPERATOR_GUILD_ID too/)
    assert.throws(() => loadConfig({ ...base, DISCORD_OPERATOR_ROLE_IDS: 'admins' }), /DISCORD_OPERATOR_ROLE_IDS must be comma-separated role ids/)
    assert.throws(() => loadConfig({ ...base, DISCORD_APPLICATION_ID: '12' }), /DISCORD_APPLICATION_ID must be a Discord id/)
    assert.throws(() => loadConfig({ ...base, DISCORD_API_BASE: 'ftp://x' }), /DISCORD_API_BASE must use http: or https:/)
  })
})
