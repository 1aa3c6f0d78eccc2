// The times operators may type for --from/--to, and the ones refused with a reason.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { InvalidInput } from '../../src/incidents/rules.ts'
import { parseTimeInput } from '../../src/incidents/time-input.ts'

const now = Date.parse('2026-11-21T12:00:00.000Z')
const read = (text: string) => new Date(parseTimeInput('--from', text, now)).toISOString()

describe('parseTimeInput', () => {
  it('reads ISO 8601 with Z or an offset, with or without seconds and fractions', () => {
    assert.equal(read('2026-11-21T22:00Z'), '2026-11-21T22:00:00.000Z')
    assert.equal(read('2026-11-21T23:00+01:00'), '2026-11-21T22:00:00.000Z')
    assert.equal(read('2026-11-21T17:30:15-0430'), '2026-11-21T22:00:15.000Z')
    assert.equal(read('2026-11-21 22:00:00.123456z'), '2026-11-21T22:00:00.123Z')
    assert.equal(read('2024-02-29T00:00Z'), '2024-02-29T00:00:00.000Z')
  })

  it('reads now and offsets from now', () => {
    assert.equal(read('now'), '2026-11-21T12:00:00.000Z')
    assert.equal(read(' NOW '), '2026-11-21T12:00:00.000Z')
    assert.equal(read('+2h'), '2026-11-21T14:00:00.000Z')
    assert.equal(read('+1d12h30m'), '2026-11-23T00:30:00.000Z')
    assert.equal(read('-30m'), '2026-11-21T11:30:00.000Z')
    assert.equal(read('now+1w'), '2026-11-28T12:00:00.000Z')
  })

  it('refuses a time without a zone, saying so', () => {
    assert.throws(() => read('2026-11-21T22:00'), { name: 'InvalidInput', message: /has no time zone/ })
    assert.throws(() => read('2026-11-21'), { message: /has no time zone/ })
  })

  it('refuses what is not a time, and impossible dates, naming the option', () => {
    for (const text of ['', 'tomorrow', '+2', '2h', '+2x', '2026-02-29T00:00Z', '2026-02-30T00:00Z', '2026-11-21T24:00Z',
      '2026-11-21T12:60Z', '2026-13-01T00:00Z', '2026-11-21T12:00+15:00', '2026-11-21T12:00+01:75', '0050-01-01T00:00Z', '1700000000']) {
      assert.throws(() => read(text), (error: unknown) => error instanceof InvalidInput && error.message.startsWith('--from '), text)
    }
    assert.throws(() => parseTimeInput('--to', undefined, now), { message: /^--to is required/ })
  })
})
