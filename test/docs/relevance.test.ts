// The relevance suite: every query against the shipped docs must put its expected section near the top;
// prints MRR@10 and recall@3 per language and fails below 0.8 MRR@10. Long natural-language questions must rank
// their section at least as high as plain MiniSearch does over the same sections.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import MiniSearch from 'minisearch'
import { projectRoot } from '../../src/config.ts'
import { DocsSite } from '../../src/docs/docs-site.ts'
import type { Locale } from '../../src/lib/locale.ts'
import { ENGLISH, ENGLISH_QUESTIONS, GERMAN, type RelevanceCase } from './relevance-queries.ts'

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

/**
 * The baseline: plain MiniSearch (BM25+, prefix and fuzzy 0.2, title/heading/body boosts 4/2/1) over exactly the
 * sections our index holds (the introduction carries the page description, as SearchIndex.addPage does).
 */
function miniSearchBaseline (locale: Locale): MiniSearch {
  const mini = new MiniSearch({
    fields: ['title', 'heading', 'body'],
    searchOptions: { boost: { title: 4, heading: 2, body: 1 }, prefix: true, fuzzy: 0.2 }
  })
  mini.addAll(site.list(locale).flatMap((page) => page.sections.map((section) => ({
    id: section.heading === null ? page.url : `${page.url}#${section.heading.anchor}`,
    title: page.title,
    heading: section.heading?.text ?? page.title,
    body: section.heading === null && page.description !== '' && !section.text.includes(page.description)
      ? `${page.description}\n${section.text}`
      : section.text
  }))))
  return mini
}

describe('long questions against a plain MiniSearch baseline', () => {
  it(`en: ${ENGLISH_QUESTIONS.length} long questions rank the right section at least as high as MiniSearch does`, () => {
    assert.ok(ENGLISH_QUESTIONS.length >= 10)
    const mini = miniSearchBaseline('en')
    const worse: string[] = []
    for (const c of ENGLISH_QUESTIONS) {
      assert.ok(c.query.split(/\s+/).length >= 10, `"${c.query}" is a long question`)
      const right = new Set([c.expected, ...(c.alsoRight ?? [])])
      const baseline = mini.search(c.query).findIndex((r) => right.has(r.id)) + 1
      assert.ok(baseline > 0, `the baseline finds ${c.expected} at all for "${c.query}"`)
      const ours = site.search('en', c.query, 500).findIndex((r) => right.has(r.url)) + 1
      if (ours === 0 || ours > baseline) worse.push(`  "${c.query}" → ours ${ours === 0 ? 'not found' : ours}, MiniSearch ${baseline}`)
    }
    assert.deepEqual(worse, [], `ranked lower than plain MiniSearch:\n${worse.join('\n')}`)
  })
})
