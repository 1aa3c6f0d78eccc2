// The chunks of a text: pieces of letters and digits, joined into one chunk by a single - _ . ' or ’ between them.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { chunks } from '../../../src/docs/search/text.ts'

const shape = (text: string) => chunks(text).map((c) => [c.text, c.start, c.end, c.parts.map((p) => [p.text, p.start, p.end])])

describe('chunks', () => {
  it('joins pieces across one joiner, with each piece’s offsets', () => {
    assert.deepEqual(shape('the Graph-Ansicht, RATE_LIMIT max-age.'), [
      ['the', 0, 3, [['the', 0, 3]]],
      ['Graph-Ansicht', 4, 17, [['Graph', 4, 9], ['Ansicht', 10, 17]]],
      ['RATE_LIMIT', 19, 29, [['RATE', 19, 23], ['LIMIT', 24, 29]]],
      ['max-age', 30, 37, [['max', 30, 33], ['age', 34, 37]]]
    ])
  })

  it('does not join across two joiners, a joiner before a space, or a joiner before a combining mark', () => {
    assert.deepEqual(shape('a--b c- d e.\u0301f'), [
      ['a', 0, 1, [['a', 0, 1]]],
      ['b', 3, 4, [['b', 3, 4]]],
      ['c', 5, 6, [['c', 5, 6]]],
      ['d', 8, 9, [['d', 8, 9]]],
      ['e', 10, 11, [['e', 10, 11]]],
      ['f', 13, 14, [['f', 13, 14]]]
    ])
  })

  it('keeps combining marks inside a piece and joins with apostrophes and dots', () => {
    assert.deepEqual(shape('cafe\u0301 don’t e.g. v1.2'), [
      ['cafe\u0301', 0, 5, [['cafe\u0301', 0, 5]]],
      ['don’t', 6, 11, [['don', 6, 9], ['t', 10, 11]]],
      ['e.g', 12, 15, [['e', 12, 13], ['g', 14, 15]]],
      ['v1.2', 17, 21, [['v1', 17, 19], ['2', 20, 21]]]
    ])
  })
})
