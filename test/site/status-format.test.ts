// The status page's dates and numbers (src/view/status-format.js) are what Intl writes in each shipped language's
// locale: for every month and day, and for numbers of every size and tie; no month name is written by hand.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { dateTime, millis, percent } from '../../src/view/status-format.js'
import { TEXT } from '../../src/view/status-view.js'
import { SHIPPED } from '../../src/view/locale-words.js'

const LANGUAGES = SHIPPED

function intlDateTime (locale: string, iso: string, utc: string): string {
  const date = new Date(iso)
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(date)
  const clock = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)
  return `${day}, ${clock} ${utc}`
}

/** Numbers as the API gives them (a few decimals) and as they come out of arithmetic (any double), ties included. */
const numbers = (max: number) => fc.oneof(
  fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: max * 1000 }).map((n) => n / 1000),
  fc.integer({ min: 0, max: max * 10 }).map((n) => n / 10 + 0.05),
  fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100 + 0.005),
  fc.constantFrom(0, 5e-7, 0.004, 0.005, 1.45, 9.95, 9.96, 10.5, 11.5, 12.35, 99.9876, 99.995, 99.999, 100, 999.5, 1234, 12345.6)
)

describe('the status page writes dates and numbers as Intl does in the page\'s locale', () => {
  for (const language of LANGUAGES) {
    const text = TEXT[language]

    it(`${language}: every month, day and minute (UTC)`, () => {
      fc.assert(fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString()
        assert.equal(dateTime(text, iso), intlDateTime(text.dateLocale, iso, text.utc))
      }), { numRuns: 500 })
      for (let month = 0; month < 12; month++) {
        const iso = new Date(Date.UTC(2026, month, 1, 9, 5)).toISOString()
        assert.equal(dateTime(text, iso), intlDateTime(text.dateLocale, iso, text.utc))
      }
    })

    it(`${language}: uptime percentages, cut (never rounded up to 100)`, () => {
      const intl = new Intl.NumberFormat(text.dateLocale, { style: 'percent', maximumFractionDigits: 2, roundingMode: 'trunc' })
      fc.assert(fc.property(numbers(100), (value) => {
        assert.equal(percent(text, value), intl.format(value / 100), `value ${value}`)
      }), { numRuns: 1000 })
    })

    it(`${language}: latencies in milliseconds, rounded half away from zero, grouped in thousands`, () => {
      const intl = (value: number) => new Intl.NumberFormat(text.dateLocale, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)
      fc.assert(fc.property(numbers(10_000_000), (value) => {
        assert.equal(millis(text, value), `${intl(value)} ms`, `value ${value}`)
      }), { numRuns: 1000 })
    })
  }

  it('writes the month in each language, from Intl (none written by hand)', () => {
    const iso = '2026-03-05T09:05:00Z'
    assert.equal(dateTime(TEXT.en, iso), '5 Mar 2026, 09:05 UTC')
    assert.equal(dateTime(TEXT.de, iso), '5. März 2026, 09:05 UTC')
    assert.equal(dateTime(TEXT.fr, iso), '5 mars 2026, 09:05 UTC')
    assert.equal(dateTime(TEXT.es, iso), '5 mar 2026, 09:05 UTC')
    assert.equal(dateTime(TEXT['pt-BR'], iso), '5 de mar. de 2026, 09:05 UTC')
  })
})
