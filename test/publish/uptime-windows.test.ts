// Uptime per window from the history body: 1d from the minute checks, longer windows from the daily rows.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { HistoryBody } from '../../src/api/health.ts'
import { uptimeWindow } from '../../src/publish/uptime-windows.ts'

const example = (HistoryBody as unknown as { examples: HistoryBody[] }).examples[0]!

describe('uptime windows', () => {
  it('1d counts the last 24 hours of minute checks; a down check is not up, a degraded one is', () => {
    const check = (status: 'ok' | 'degraded' | 'down') => ({ at: '2026-11-21T11:59:00.000Z', status, components: { database: 'ok', cache: 'ok', bot: 'ok' } } as const)
    const history = { ...example, checks: [check('ok'), check('degraded'), check('down'), check('ok')] }
    assert.deepEqual(uptimeWindow(history, '1d'), { window: '1d', checks: 4, expectedChecks: 1440, ratio: 0.75 })
    assert.equal(uptimeWindow({ ...example, checks: [] }, '1d').ratio, null)
  })

  it('longer windows sum the last days, a day without data counting as nothing rather than as up', () => {
    // The example: day 30 has no data, day 60 is degraded (up), day 75 has 10 down minutes, today has 720 checks.
    const ninety = uptimeWindow(example, '90d')
    assert.equal(ninety.checks, 88 * 1440 + 720)
    assert.equal(ninety.expectedChecks, 89 * 1440 + 720)
    assert.equal(ninety.ratio, (ninety.checks - 10) / ninety.checks)
    const thirty = uptimeWindow(example, '30d')
    assert.equal(thirty.checks, 29 * 1440 + 720)
    assert.equal(thirty.ratio, (thirty.checks - 10) / thirty.checks)
    assert.deepEqual(uptimeWindow(example, '7d'), { window: '7d', checks: 6 * 1440 + 720, expectedChecks: 6 * 1440 + 720, ratio: 1 })
  })
})
