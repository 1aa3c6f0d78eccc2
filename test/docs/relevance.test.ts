// The relevance suite: every query against the shipped docs must put its expected section near the top;
// prints MRR@10 and recall@3 per language and fails below 0.8 MRR@10.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { projectRoot } from '../../src/config.ts'
import { DocsSite } from '../../src/docs/docs-site.ts'
import type { Locale } from '../../src/lib/locale.ts'
import { ENGLISH, GERMAN, type RelevanceCase } from './relevance-queries.ts'

const MIN_MRR = 0.8
const site = new DocsSite({ docsDir: `${projectRoot}/docs`, germanPrefix: '/de' })

function evaluate (locale: Locale, cases: RelevanceCase[]) {
  let reciprocal = 0
  let top3 = 0
  const misses: string[] = []
  for (const c of cases) {
    const urls = site.search(locale, c.query, 10).map((r) => r.url)
    const rank = urls.indexOf(c.expected) + 1
    if (rank > 0) reciprocal += 1 / rank
    if (rank > 0 && rank <= 3) top3++
    if (rank !== 1) misses.push(`  ${c.kind.padEnd(11)} "${c.query}" → rank ${rank === 0 ? '>10' : rank} (first: ${urls[0] ?? 'none'})`)
  }
  return { mrr: reciprocal / cases.length, recall3: top3 / cases.length, misses }
}

describe('search relevance on the shipped docs', () => {
  for (const [locale, cases] of [['en', ENGLISH], ['de', GERMAN]] as const) {
    it(`${locale}: ${cases.length} queries reach MRR@10 >= ${MIN_MRR}`, () => {
      assert.ok(cases.length >= 40, 'at least 40 queries per language')
      for (const kind of ['exact', 'multi-word', 'stemmed', 'typo', 'prefix', 'compound'] as const) {
        assert.ok(cases.some((c) => c.kind === kind), `covers ${kind} queries`)
      }
      const { mrr, recall3, misses } = evaluate(locale, cases)
      console.log(`relevance ${locale}: MRR@10 ${mrr.toFixed(3)}, recall@3 ${recall3.toFixed(3)} over ${cases.length} queries`)
      if (misses.length > 0) console.log(`not first (${locale}):\n${misses.join('\n')}`)
      assert.ok(mrr >= MIN_MRR, `MRR@10 ${mrr.toFixed(3)} is below ${MIN_MRR}`)
    })
  }
})
