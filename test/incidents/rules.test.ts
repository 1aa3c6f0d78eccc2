// The checks of operator input: text limits, control characters, vocabularies, ids and component references.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  TEXT_LIMITS, checkId, checkImpact, checkIncidentComponents, checkMaintenanceComponents, checkMessage, checkStatus, checkTitle,
  parseComponentReference
} from '../../src/incidents/rules.ts'
import { builtinDeclaration, type StatusDeclaration } from '../../src/declaration/declaration.ts'

/** A declaration with these component ids, in this (file) order. */
function declaring (...ids: string[]): StatusDeclaration {
  const builtin = builtinDeclaration()
  return { ...builtin, components: ids.map((id) => ({ ...builtin.components[0]!, id, check: { kind: 'manual' } })) }
}

describe('incident input rules', () => {
  it('keeps text verbatim: markup, quotes, emoji and edge spaces', () => {
    const title = ' <img src=x onerror=alert(1)> "DB" & ünïcode 🚑 '
    assert.equal(checkTitle('--title', title), title)
    const message = 'line one\nline two\r\n\ttabbed </script>'
    assert.equal(checkMessage('--message', message), message)
  })

  it('counts characters, not bytes or UTF-16 units, against the limits', () => {
    assert.equal(checkTitle('--title', '🚑'.repeat(TEXT_LIMITS.title)).length, TEXT_LIMITS.title * 2)
    assert.throws(() => checkTitle('--title', 'x'.repeat(TEXT_LIMITS.title + 1)), { message: '--title is 201 characters long; at most 200 are allowed' })
    assert.equal(checkMessage('--message', 'ü'.repeat(TEXT_LIMITS.message)).length, TEXT_LIMITS.message)
    assert.throws(() => checkMessage('--message', 'x'.repeat(TEXT_LIMITS.message + 1)), { message: /at most 5000/ })
  })

  it('refuses missing, blank, multi-line titles and control characters', () => {
    assert.throws(() => checkTitle('--title', undefined), { message: '--title is required' })
    assert.throws(() => checkTitle('--title', ' \t '), { message: '--title must not be empty' })
    assert.throws(() => checkTitle('--title', 'a\nb'), { message: /single line/ })
    assert.throws(() => checkMessage('--message', 'nul\u0000'), { message: /control characters/ })
    assert.throws(() => checkMessage('--message', 'escape \u001b[31mred'), { message: /control characters/ })
    assert.throws(() => checkMessage('--message', 'half \ud83d'), { message: /not valid Unicode/ })
  })

  it('accepts only the status and impact vocabularies', () => {
    assert.equal(checkStatus('--status', 'monitoring'), 'monitoring')
    assert.equal(checkImpact('--impact', 'critical'), 'critical')
    assert.throws(() => checkStatus('--status', 'Resolved'), { message: '--status must be one of investigating, identified, monitoring, resolved (got "Resolved")' })
    assert.throws(() => checkImpact('--impact', 'huge'), { message: /^--impact must be one of none, minor, major, critical/ })
    assert.throws(() => checkImpact('--impact', undefined), { message: /^--impact is required/ })
  })

  it('accepts ids that can name a row and nothing else', () => {
    assert.equal(checkId('incident', '7'), 7)
    assert.equal(checkId('incident', '2147483647'), 2147483647)
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', ' 7', '2147483648', '99999999999']) {
      assert.throws(() => checkId('incident', bad), { message: /^".*" is not a valid incident id \(a positive whole number\)$/ }, bad)
    }
    assert.throws(() => checkId('incident', undefined), { message: 'the incident id is missing' })
  })

  it('reads a component reference as ID or ID=STATUS, split at the first =', () => {
    assert.deepEqual(parseComponentReference('music'), { id: 'music' })
    assert.deepEqual(parseComponentReference('music=partial_outage'), { id: 'music', status: 'partial_outage' })
    assert.deepEqual(parseComponentReference('music='), { id: 'music', status: '' })
    assert.deepEqual(parseComponentReference('=a=b'), { id: '', status: 'a=b' })
  })

  it('accepts declared components of an incident, each once, with an optional outage status', () => {
    const declared = declaring('bot', 'music', 'dashboard')
    const refs = ['dashboard', 'music=major_outage', 'bot=degraded_performance'].map(parseComponentReference)
    assert.deepEqual(checkIncidentComponents('--component', refs, declared),
      [{ id: 'dashboard' }, { id: 'music', status: 'major_outage' }, { id: 'bot', status: 'degraded_performance' }])
    assert.deepEqual(checkIncidentComponents('--component', [], declared), [])
    assert.deepEqual(checkIncidentComponents('--component', [{ id: 'database' }], builtinDeclaration()), [{ id: 'database' }], 'the built-in model: database, cache, bot')
  })

  it('refuses unknown ids naming the declared ones in file order, repeats, unknown statuses and empty ids', () => {
    const declared = declaring('bot', 'music', 'dashboard')
    const refuse = (texts: string[], message: string | RegExp) =>
      assert.throws(() => checkIncidentComponents('--component', texts.map(parseComponentReference), declared), { name: 'InvalidInput', message }, texts.join(' '))
    refuse(['musik'], '--component "musik" is not a declared component (declared: bot, music, dashboard)')
    refuse(['Music'], /^--component "Music" is not a declared component/)
    refuse(['musik=partial_outage'], /^--component "musik" is not a declared component/)
    refuse(['music', 'bot', 'music=major_outage'], '--component "music" is given twice')
    refuse(['music=down'], '--component "music=down": the status must be one of degraded_performance, partial_outage, major_outage (or none, to follow the impact)')
    refuse(['music=operational'], /the status must be one of/)
    refuse(['music=under_maintenance'], /the status must be one of/)
    refuse(['music='], /^--component "music=": the status must be one of/)
    refuse(['=partial_outage'], '--component "=partial_outage" names no component (write ID or ID=STATUS)')
    refuse([''], /^--component "" names no component/)
    refuse(['bad[31mid'], '--component "bad?[31mid" is not a declared component (declared: bot, music, dashboard)')
    assert.throws(() => checkIncidentComponents('components', [{ id: 'x' }], declaring()), { message: 'components "x" is not a declared component (declared: none)' })
  })

  it('accepts declared components of a maintenance window without a status', () => {
    const declared = declaring('bot', 'music', 'dashboard')
    assert.deepEqual(checkMaintenanceComponents('--component', ['dashboard', 'bot'].map(parseComponentReference), declared), ['dashboard', 'bot'])
    assert.throws(() => checkMaintenanceComponents('--component', [parseComponentReference('dashboard=partial_outage')], declared),
      { message: '--component "dashboard=partial_outage": a maintenance window\'s components take no status (they are under_maintenance while it is active)' })
    assert.throws(() => checkMaintenanceComponents('--component', [parseComponentReference('web')], declared), { message: /^--component "web" is not a declared component \(declared: bot, music, dashboard\)$/ })
    assert.throws(() => checkMaintenanceComponents('--component', ['bot', 'bot'].map(parseComponentReference), declared), { message: '--component "bot" is given twice' })
  })
})
