// Our flat badge (src/publish/badge-svg.ts) is byte for byte what badge-maker, Shields' own renderer, makes: for every
// badge the service can show, and for any printable ASCII label and message.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { makeBadge } from 'badge-maker'
import fc from 'fast-check'
import { badgeSvg } from '../../src/publish/badge-svg.ts'
import { BADGES, BADGE_COLORS, INDICATOR_BADGE, LABEL_COLOR, STATUS_BADGE, badgeContent } from '../../src/publish/badges.ts'
import { components } from '../site/fixtures.ts'
import type { HealthBody } from '../../src/api/health.ts'

const colors = Object.values(BADGE_COLORS)

function shields (label: string, message: string, color: string): string {
  return makeBadge({ label, message, color, labelColor: LABEL_COLOR, style: 'flat' })
}

describe('the flat badge, as Shields renders it', () => {
  it('every label and message the service shows, in every colour', () => {
    const labels = new Set<string>()
    for (const badge of BADGES) {
      for (const component of [undefined, 'database', 'cache', 'bot', 'voice-eu']) labels.add(badgeContent(badge, component, { status: undefined, health: undefined, history: undefined }).label)
    }
    const words = [...Object.values(INDICATOR_BADGE), ...Object.values(STATUS_BADGE)].map((badge) => badge.message)
    const messages = [...new Set(words), 'no data',
      '100%', '99.98%', '0%', '7.5%', '3/4 connected', '0/12 connected', '128/128 connected']
    for (const label of labels) {
      for (const message of messages) {
        for (const color of colors) assert.equal(badgeSvg({ label, message, color, labelColor: LABEL_COLOR }), shields(label, message, color), `${label}: ${message}`)
      }
    }
    assert.ok(labels.size >= 10, [...labels].join(', '))
  })

  it('any printable ASCII text, escaped and measured alike', () => {
    const printable = fc.string({ unit: fc.integer({ min: 32, max: 126 }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 40 })
      .filter((text) => text.trim() !== '')
    fc.assert(fc.property(printable, printable, fc.constantFrom(...colors), (label, message, color) => {
      assert.equal(badgeSvg({ label, message, color, labelColor: LABEL_COLOR }), shields(label, message, color))
    }), { numRuns: 3000 })
  })

  it('the status badge of a live snapshot', () => {
    const health = { status: 'ok', maintenance: false, components: { bot: { status: 'ok', shards: { connected: 3, total: 4 } } } } as unknown as HealthBody
    for (const badge of ['status', 'shards'] as const) {
      const content = badgeContent(badge, undefined, { status: components(), health, history: undefined })
      assert.equal(badgeSvg({ ...content, labelColor: LABEL_COLOR }), shields(content.label, content.message, content.color))
    }
  })
})
