// Passages and synonyms under the docs search: a question's words together beat the same words scattered, and a
// word finds the others of its synonym groups, but no group word shares a stem with a word of another meaning.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { prepareText } from '../../../src/docs/search/excerpt.ts'
import { passageCoverage, PASSAGE_WORDS } from '../../../src/docs/search/passage.ts'
import { synonymsOf } from '../../../src/docs/search/synonyms.ts'
import { wordForms } from '../../../src/docs/search/terms.ts'

/** Term ids by word, as an index gives them. */
function prepared (text: string, ids: Map<string, number>) {
  return prepareText(text, (word) => {
    const stem = wordForms('en', word).stem
    if (!ids.has(stem)) ids.set(stem, ids.size)
    return ids.get(stem)!
  }).prepared
}

describe('passageCoverage', () => {
  const ids = new Map<string, number>()
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ')
  const together = prepared(`Stop the container and requests finish. ${filler(200)}`, ids)
  const scattered = prepared(`Stop here. ${filler(PASSAGE_WORDS)} the container. ${filler(PASSAGE_WORDS)} requests.`, ids)
  // Three query words of equal weight: stop, container, requests.
  const wordsOf = new Map([[ids.get('stop')!, 1], [ids.get('contain')!, 2], [ids.get('requst')!, 4]])
  const weights = Float64Array.from([1, 1, 1])

  it('gives the whole share to a passage holding every word', () => {
    assert.equal(passageCoverage(together, wordsOf, weights, 3, 0), 1)
  })

  it('gives a section with the words apart only its best window', () => {
    assert.equal(passageCoverage(scattered, wordsOf, weights, 3, 0), 1 / 3)
  })

  it('counts words of the heading and title in every window', () => {
    assert.equal(passageCoverage(scattered, wordsOf, weights, 3, 2), 2 / 3)
  })
})

describe('synonymsOf', () => {
  it('finds the docs word for a reader word, both ways, by stem', () => {
    assert.ok(synonymsOf('en', wordForms('en', 'stopped').stem).includes(wordForms('en', 'shutdown').stem))
    assert.ok(synonymsOf('en', wordForms('en', 'shutdown').stem).includes(wordForms('en', 'stop').stem))
    assert.ok(synonymsOf('de', wordForms('de', 'gestoppt').stem).includes(wordForms('de', 'herunterfahren').stem))
    assert.ok(synonymsOf('de', wordForms('de', 'Passwort').stem).includes(wordForms('de', 'Geheimnis').stem))
  })

  it('leaves words alone whose stem only looks like a group word (`terminal`, `andere`)', () => {
    assert.deepEqual(synonymsOf('en', wordForms('en', 'terminal').stem), [])
    assert.deepEqual(synonymsOf('de', wordForms('de', 'anderen').stem), [])
    assert.deepEqual(synonymsOf('en', wordForms('en', 'rate').stem), [])
  })
})
