// Counts in words take the singular for exactly 1 and the plural otherwise, in both languages, through one helper
// (plural in src/view/status-plural.js); a component page writes every date in one style ("30 Aug 2026").
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ShardsBody } from '../../src/api/shards.ts'
import { judgeShards } from '../../src/monitor/probes/bot-heartbeats.ts'
import { plural } from '../../src/view/status-plural.js'
import { TEXT } from '../../src/view/status-view.js'
import { componentSite } from './component-site.ts'

function shardsBody (total: number, connected: number): ShardsBody {
  const shards = Array.from({ length: total }, (_, shard) => ({ shard, connected: shard < connected, latencyMs: 40 }))
  return { total, connected, clusters: [{ shards }] } as unknown as ShardsBody
}

/** The words tested here, as functions (StatusText types only what the server's TypeScript reads). */
type Words = Record<'latencyDaysSummary' | 'latencySummary' | 'lastDaySummary' | 'refreshNote', (...args: Array<string | number>) => string>
const en = TEXT.en as unknown as Words
const de = TEXT.de as unknown as Words

describe('plurals', () => {
  it('are the singular for exactly 1 only', () => {
    assert.deepEqual([0, 1, 2, 1.5].map((count) => plural(count, 'day', 'days')), ['days', 'day', 'days', 'days'])
  })

  it('read right in the page words of both languages', () => {
    assert.equal(en.latencyDaysSummary('1 ms', '2 ms', 1), 'Daily median around 1 ms; the highest daily 95th percentile 2 ms; over 1 day with measurements.')
    assert.equal(en.latencyDaysSummary('1 ms', '2 ms', 6), 'Daily median around 1 ms; the highest daily 95th percentile 2 ms; over 6 days with measurements.')
    assert.equal(de.latencyDaysSummary('1 ms', '2 ms', 1), 'Tagesmedian um 1 ms; das höchste tägliche 95. Perzentil 2 ms; über 1 Tag mit Messungen.')
    assert.equal(en.latencySummary('30 ms', '90 ms', 1), 'Median 30 ms, highest 90 ms, over 1 measured minute.')
    assert.equal(de.latencySummary('30 ms', '90 ms', 1), 'Median 30 ms, höchstens 90 ms, über 1 gemessene Minute.')
    assert.equal(en.lastDaySummary(1, 1, 1), '1 of 1 minute recorded, 1 minute down.')
    assert.equal(en.lastDaySummary(1400, 1440, 0), '1400 of 1440 minutes recorded, 0 minutes down.')
    assert.equal(de.lastDaySummary(1400, 1440, 1), '1400 von 1440 Minuten erfasst, 1 Minute ausgefallen.')
    assert.equal(en.refreshNote(60), 'This page refreshes itself every 60 seconds while it is open.')
    assert.equal(de.refreshNote(1), 'Diese Seite aktualisiert sich jede Sekunde, solange sie geöffnet ist.')
  })

  it('read right in the bot probe\'s message', () => {
    assert.equal(judgeShards(shardsBody(4, 3)).message, '1 of 4 bot shards is disconnected.')
    assert.equal(judgeShards(shardsBody(4, 2)).message, '2 of 4 bot shards are disconnected.')
  })
})

describe('a component page', () => {
  it('writes its dates in one style, in both languages', async (t) => {
    const { app } = await componentSite(t)
    for (const url of ['/status/components/database', '/de/status/components/database']) {
      const html = (await app.inject(url)).body
      // Text between tags (attributes such as datetime="…" keep ISO dates for machines).
      const shown = html.replace(/<[^>]*>/g, '\n')
      assert.deepEqual(shown.match(/\b\d{4}-\d{2}-\d{2}\b/g), null, `${url} shows no ISO date`)
      assert.match(shown, /\b\d{1,2}\.? (?:[A-Z][a-zä]+\.?) 20\d\d\b/, `${url} shows dates as "30 Aug 2026"`)
    }
  })
})
