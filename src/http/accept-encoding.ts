// Which content coding a client asked for (RFC 9110 §12.5.3): q-values honoured, `*` and `identity` understood,
// q=0 excludes; among equals br wins, then gzip, then no coding at all.
import type { ContentCoding } from '../lib/compressed.ts'
import { LruCache } from '../lib/lru.ts'
import { weightedList } from './q-values.ts'

type Choice = ContentCoding | 'identity'
const PREFERENCE: Choice[] = ['br', 'gzip', 'identity']

/** Clients send a handful of distinct headers: each is parsed once. Bounded, as a client chooses the text. */
const choices = new LruCache<string, Choice>(64)

/** The coding to send for this Accept-Encoding header; undefined means the body as it is. */
export function preferredCoding (header: string | undefined): ContentCoding | undefined {
  // No header: any coding would do (RFC 9110), but a client that says nothing gets what every client can read.
  if (header === undefined || header === '') return undefined
  const choice = choices.getOrSet(header, () => choose(header))
  return choice === 'identity' ? undefined : choice
}

function choose (header: string): Choice {
  const weights = new Map<string, number>()
  for (const { name, q } of weightedList(header)) {
    const coding = name === 'x-gzip' ? 'gzip' : name
    if (!weights.has(coding)) weights.set(coding, q)
  }
  const any = weights.get('*')
  // identity is acceptable unless excluded by name or by `*;q=0`; not named, it comes after every coding the client
  // lists (`gzip;q=0.5` asks for gzip), as servers commonly read it.
  const weight = (choice: Choice): number => weights.get(choice) ?? (choice !== 'identity' ? any ?? 0 : any === 0 ? 0 : Number.MIN_VALUE)
  let best: Choice = 'identity'
  let bestWeight = 0
  for (const choice of PREFERENCE) {
    const w = weight(choice)
    if (w > bestWeight) [best, bestWeight] = [choice, w]
  }
  // Nothing acceptable at all: RFC 9110 says to send the body without a coding rather than refuse.
  return best
}
