// German titles that start with an umlauted stop word ("Über …", "Für …"): the question typed with plain vowels
// or with `ue` is folded before stop words are decided, so it finds the page as the umlauted question does.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { DocPage } from '../../../src/docs/load.ts'
import { SearchIndex } from '../../../src/docs/search/search-index.ts'
import { isStopWord } from '../../../src/docs/search/stop-words.ts'
import { fold } from '../../../src/docs/search/text.ts'

function page (slug: string, title: string, text: string): DocPage {
  return {
    locale: 'de', slug, url: `/de/docs/${slug}`, title, description: '', html: '', markdown: '',
    markdownUrl: `/docs/${slug}.md`, headings: [], sections: [{ heading: null, text }]
  }
}

const PAGES = [
  page('ueber-den-dienst', 'Über den Statusdienst', 'Wer ihn betreibt und wofür die Seite da ist.'),
  page('fuer-betreiber', 'Für Betreiber', 'Befehle, Schlüssel und Sicherungen im Betrieb.'),
  page('uebersicht', 'Übersicht der Schnittstellen', 'Jede Schnittstelle mit ihren Parametern.'),
  page('dienst-neu-starten', 'Den Dienst neu starten', 'Was beim Neustart des Dienstes geschieht.'),
  page('betreiber-schluessel', 'Schlüssel der Betreiber-API', 'Wie ein Schlüssel erstellt und widerrufen wird.')
]

function searchIndex (): SearchIndex {
  const index = new SearchIndex('de')
  for (const p of PAGES) for (const section of p.sections) index.addSection(p, section)
  return index
}

const first = (index: SearchIndex, q: string) => index.search(q, 3)[0]?.url

describe('German stop words and umlauts', () => {
  it('a stop word is one word however its umlaut is typed', () => {
    for (const typed of ['über', 'Über', 'uber', 'Uber', 'ueber', 'UEBER', 'für', 'fuer', 'fur', 'müssen', 'muessen', 'mussen']) {
      assert.ok(isStopWord('de', fold(typed)), typed)
    }
    assert.ok(!isStopWord('de', fold('Übersicht')))
  })

  it('finds a title that starts with an umlauted stop word, typed with ü, ue or u', () => {
    const index = searchIndex()
    for (const q of ['Über den Statusdienst', 'Uber den Statusdienst', 'Ueber den Statusdienst', 'uber statusdienst']) {
      assert.equal(first(index, q), '/de/docs/ueber-den-dienst', q)
    }
    // Every spelling ranks alike: the same sections in the same order with the same scores.
    const ranked = (q: string) => index.search(q, 5).map((r) => [r.url, r.score])
    for (const q of ['Fur Betreiber', 'Fuer Betreiber']) assert.deepEqual(ranked(q), ranked('Für Betreiber'), q)
    for (const q of ['Uber den Statusdienst', 'Ueber den Statusdienst']) assert.deepEqual(ranked(q), ranked('Über den Statusdienst'), q)
    // A query of stop words alone is still searched: the page whose title has the word comes first.
    for (const q of ['Über', 'Uber', 'Ueber']) assert.equal(first(index, q), '/de/docs/ueber-den-dienst', q)
  })

  it('keeps the rank of queries whose umlauted word is not a stop word', () => {
    const index = searchIndex()
    for (const q of ['Übersicht', 'Ubersicht', 'Uebersicht der Schnittstellen']) assert.equal(first(index, q), '/de/docs/uebersicht', q)
    for (const q of ['Schlüssel widerrufen', 'Schlussel widerrufen', 'Schluessel widerrufen']) {
      assert.equal(first(index, q), '/de/docs/betreiber-schluessel', q)
    }
  })
})
