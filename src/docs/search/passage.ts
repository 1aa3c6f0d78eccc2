// The best passage of a section for a query of several words: the window of a few dozen words that holds the query
// words of most weight. A long section holds many words of a long question somewhere, scattered; the section that
// answers it holds them together (its heading and page title count as part of every window).
import type { PreparedText } from './excerpt.ts'

/** Words in a passage: a short paragraph. */
export const PASSAGE_WORDS = 50

/**
 * The share of the query's weight (`weights` per query word, summing to `total`) in the best window of `text`.
 * `wordsOf` gives, per term id, the bits of the query words it stands for; `labelled` the bits the title and heading hold.
 */
export function passageCoverage (text: PreparedText, wordsOf: Map<number, number>, weights: Float64Array, total: number, labelled: number): number {
  const { spans } = text
  const positions: number[] = []
  const masks: number[] = []
  let position = 0
  let i = 0
  while (i < spans.length) {
    const count = spans[i + 2]!
    let mask = wordsOf.get(spans[i + 3]!) ?? 0
    for (let p = i + 4, end = p + count * 3; p < end; p += 3) mask |= wordsOf.get(spans[p + 2]!) ?? 0
    i += 4 + count * 3
    if (mask !== 0) {
      positions.push(position)
      masks.push(mask)
    }
    position++
  }
  const inWindow = new Int32Array(weights.length)
  let best = weightOf(labelled, weights)
  let start = 0
  for (let end = 0; end < positions.length; end++) {
    for (let bits = masks[end]!; bits !== 0; bits &= bits - 1) inWindow[31 - Math.clz32(bits & -bits)]!++
    while (positions[end]! - positions[start]! >= PASSAGE_WORDS) {
      for (let bits = masks[start]!; bits !== 0; bits &= bits - 1) inWindow[31 - Math.clz32(bits & -bits)]!--
      start++
    }
    let windowBits = labelled
    for (let w = 0; w < inWindow.length; w++) if (inWindow[w]! > 0) windowBits |= 1 << w
    best = Math.max(best, weightOf(windowBits, weights))
  }
  return total === 0 ? 1 : best / total
}

function weightOf (bits: number, weights: Float64Array): number {
  let sum = 0
  for (; bits !== 0; bits &= bits - 1) sum += weights[31 - Math.clz32(bits & -bits)]!
  return sum
}
