// Discord's limits are never exceeded whatever an incident holds, cuts never split a character, and the
// backoff doubles with jitter inside its bounds.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { EMBED_LIMITS, discordMessage, embedFor, embedLength, fitEmbed, webhookText } from '../../src/notify/discord-embed.ts'
import type { EventPayload } from '../../src/notify/events.ts'
import { PAGE_LANGUAGES } from '../../src/lib/locale.ts'
import { backoffMs } from '../../src/notify/outcome.ts'

describe('Discord embeds', () => {
  it('fit every limit for any title, message and fields', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400, unit: 'grapheme', size: 'max' }), fc.string({ maxLength: 7000, unit: 'grapheme', size: 'max' }),
      fc.array(fc.tuple(fc.string({ maxLength: 300, size: 'max' }), fc.string({ maxLength: 1200, size: 'max' })), { maxLength: 30, size: 'max' }), (title, description, fields) => {
        const embed = fitEmbed({ title, description, color: 1, fields: fields.map(([name, value]) => ({ name, value, inline: true })), footer: { text: 'f'.repeat(2100) } })
        assert.ok(embed.title.length <= EMBED_LIMITS.title)
        assert.ok((embed.description ?? '').length <= EMBED_LIMITS.description)
        assert.ok(embed.fields.length <= EMBED_LIMITS.fields)
        assert.ok(embed.fields.every((f) => f.name.length <= EMBED_LIMITS.fieldName && f.value.length <= EMBED_LIMITS.fieldValue))
        assert.ok(embedLength(embed) <= EMBED_LIMITS.total, `total ${embedLength(embed)}`)
        assert.ok(embed.title.isWellFormed() && (embed.description ?? '').isWellFormed(), 'no half surrogate pair')
      }), { numRuns: 60, endOnFailure: true })
  })

  it('show an incident: title, page link, latest update, impact colour; mention only the configured role', () => {
    const embed = embedFor('incident.opened', {
      incident: { id: 7, title: 'Slow', impact: 'major', status: 'investigating', startedAt: '2026-11-21T12:00:00.000Z', resolvedAt: null },
      update: { status: 'investigating', message: 'Looking.', at: '2026-11-21T12:00:00.000Z' }
    }, { status: 'https://s.example/status', incident: 'https://s.example/status/incidents/7' })
    assert.equal(embed.url, 'https://s.example/status/incidents/7')
    assert.equal(embed.color, 0xe67e22)
    assert.equal(embed.fields[2]!.value, '<t:1795262400:f>')
    assert.deepEqual(discordMessage(embed, '123456789012345678').allowed_mentions, { parse: [], roles: ['123456789012345678'] })
    assert.deepEqual(discordMessage(embed, 'everyone').allowed_mentions, { parse: ['everyone'] })
    assert.deepEqual(discordMessage(embed, undefined), { embeds: [embed], allowed_mentions: { parse: [] } })
  })
})

describe('the status.changed embed', () => {
  it('names the components whose measured status changed, and none for an event written before they were named', () => {
    const links = { status: 'https://s.example/status' }
    const status = { from: 'ok', to: 'down', since: '2026-11-21T12:00:00.000Z', components: { database: 'down', music: 'degraded' } }
    const named = embedFor('status.changed', { status: { ...status, changed: [{ id: 'database', from: 'ok', to: 'down' }, { id: 'music', from: 'ok', to: 'degraded' }] } }, links)
    assert.equal(named.description, 'The overall status changed from ok to down. Changed: database (ok → down), music (ok → degraded).')
    const old = embedFor('status.changed', { status } as never, links)
    assert.equal(old.description, 'The overall status changed from ok to down.')
  })
})

describe('backoff', () => {
  it('doubles per attempt up to the cap, jittered between half and all of it', () => {
    assert.equal(backoffMs(1, 1000, 60_000, () => 1), 1000)
    assert.equal(backoffMs(1, 1000, 60_000, () => 0), 500)
    assert.equal(backoffMs(4, 1000, 60_000, () => 1), 8000)
    assert.equal(backoffMs(30, 1000, 60_000, () => 1), 60_000)
    assert.equal(backoffMs(30, 1000, 60_000, () => 0), 30_000)
  })

  it('speak the target\'s language: every fixed word of a maintenance reminder and a test, in each shipped language', () => {
    const maintenance = { maintenance: { id: 4, title: 'Datenbank', message: 'm', startsAt: '2026-11-21T22:00:00.000Z', endsAt: '2026-11-21T23:00:00.000Z', endedAt: null, cancelled: false } } satisfies EventPayload
    const links = { status: 'https://status.example.com/status', maintenance: 'https://status.example.com/status/maintenance/4' }
    const reminder = embedFor('maintenance.reminder', maintenance, links, undefined, 'pt-BR')
    assert.equal(reminder.title, 'Manutenção: Datenbank')
    assert.deepEqual(reminder.fields.map((field) => field.name), ['Status', 'De', 'Até'])
    assert.match(reminder.fields[0]!.value, /^Começa <t:\d+:R>$/)
    assert.equal(reminder.footer?.text, 'Manutenção nº 4')
    assert.equal(embedFor('maintenance.ended', maintenance, links, undefined, 'de').fields[0]!.value, 'Abgeschlossen')
    assert.deepEqual(webhookText('maintenance.started', maintenance, 'fr'), { language: 'fr', title: 'Maintenance : Datenbank', summary: 'État : En cours' })
    const titles = PAGE_LANGUAGES.map((tag) => embedFor('test', { test: true, message: 'hello' }, links, undefined, tag).title)
    assert.equal(new Set(titles).size, PAGE_LANGUAGES.length, `a title of its own in each language: ${titles.join(', ')}`)
    assert.equal(embedFor('test', { test: true, message: 'hello' }, links).title, 'Test notification', 'English without a language')
  })
})
