// The posting lists under the docs search: BM25 with field boosts, OR within and across words, AND for parts,
// one bit per query word, and which terms made a section match.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Postings } from '../../../src/docs/search/postings.ts'
import type { QueryTree } from '../../../src/docs/search/query.ts'

/** Sections as [title, heading, body] word lists; term ids come from the index itself. */
function index (sections: string[][][]): Postings {
  const postings = new Postings()
  for (const fields of sections) {
    postings.add(fields.map((words) => ({ terms: words.map((word) => postings.idOf(word)), length: new Set(words).size })))
  }
  return postings
}

const terms = (...entries: Array<[string, number]>): QueryTree => ({ kind: 'terms', terms: new Map(entries) })

function ranked (postings: Postings, words: QueryTree[]): Array<{ section: number, score: number, words: number }> {
  const { count, touched, scores, words: bits } = postings.accumulate(words)
  return Array.from(touched.subarray(0, count), (section) => ({ section, score: scores[section]!, words: bits[section]! }))
    .sort((a, b) => b.score - a.score)
}

describe('Postings', () => {
  const postings = index([
    [['status'], ['intro'], ['the', 'page', 'shows', 'every', 'component']],
    [['guide'], ['limits'], ['the', 'rate', 'limit', 'is', 'per', 'minute', 'status']],
    [['guide'], ['graph'], ['the', 'graph', 'view', 'of', 'uptime']],
    [['guide'], ['ansicht'], ['die', 'ansicht', 'zeigt', 'alles']]
  ])

  it('ranks a title match above a body match, and leaves out sections without the term', () => {
    const order = ranked(postings, [terms(['status', 1])])
    assert.deepEqual(order.map((r) => r.section), [0, 1])
    assert.ok(order[0]!.score > order[1]!.score)
  })

  it('weights a term by its planned weight', () => {
    const full = ranked(postings, [terms(['limit', 1])])[0]!.score
    const half = ranked(postings, [terms(['limit', 0.5])])[0]!.score
    assert.ok(Math.abs(half - full / 2) < 1e-9)
  })

  it('sets one bit per query word matched, and starts clean on every query', () => {
    const both = ranked(postings, [terms(['rate', 1]), terms(['status', 1])])
    assert.equal(both.find((r) => r.section === 1)!.words, 0b11)
    assert.equal(both.find((r) => r.section === 0)!.words, 0b10)
    const again = ranked(postings, [terms(['graph', 1])])
    assert.deepEqual(again.map((r) => [r.section, r.words]), [[2, 1]])
  })

  it('needs every part of an AND in the same section', () => {
    const parts: QueryTree = { kind: 'and', children: [terms(['graph', 1]), terms(['ansicht', 1])] }
    assert.deepEqual(ranked(postings, [parts]), [])
    const apart: QueryTree = { kind: 'and', children: [terms(['graph', 1]), terms(['view', 1])] }
    assert.deepEqual(ranked(postings, [apart]).map((r) => r.section), [2])
  })

  it('names the terms that made a section match, none from an AND that failed there', () => {
    const tree: QueryTree = { kind: 'or', children: [terms(['status', 1], ['rate', 1]), { kind: 'and', children: [terms(['graph', 1]), terms(['minute', 1])] }] }
    const found = new Set<number>()
    assert.equal(postings.matchedTerms(tree, 1, found), true)
    assert.deepEqual([...found].sort(), [postings.idOf('status'), postings.idOf('rate')].sort())
  })

  it('scores again once more sections arrive (the IDF changes)', () => {
    const growing = index([[['a'], ['b'], ['word']], [['a'], ['b'], ['other']]])
    const before = ranked(growing, [terms(['word', 1])])[0]!.score
    growing.add([{ terms: [growing.idOf('a')], length: 1 }, { terms: [growing.idOf('b')], length: 1 }, { terms: [growing.idOf('word')], length: 1 }])
    const after = ranked(growing, [terms(['word', 1])])
    assert.deepEqual(after.map((r) => r.section).sort(), [0, 2])
    assert.ok(after.find((r) => r.section === 0)!.score < before, 'a term in more sections weighs less')
    // A new term after a query, then the same as an index built with every section at once.
    growing.add([{ terms: [growing.idOf('a')], length: 1 }, { terms: [growing.idOf('new')], length: 1 }, { terms: [growing.idOf('word'), growing.idOf('word')], length: 1 }])
    const atOnce = index([[['a'], ['b'], ['word']], [['a'], ['b'], ['other']], [['a'], ['b'], ['word']], [['a'], ['new'], ['word', 'word']]])
    for (const query of [[terms(['word', 1])], [terms(['new', 1]), terms(['a', 1])], [terms(['other', 1])]]) {
      assert.deepEqual(ranked(growing, query), ranked(atOnce, query))
    }
    assert.equal(growing.sectionsWith('word'), 3)
    assert.equal(growing.matchedTerms(terms(['new', 1]), 3, new Set()), true)
    assert.equal(growing.matchedTerms(terms(['new', 1]), 2, new Set()), false)
  })
})
