// Docs search benchmark: builds the index over a generated docs tree (≥ 3,000 sections per language, and half
// that to show linear growth), then prints build time, heap and query latency p50/p95 per language.
// Run: npm run bench:search  (takes a few seconds; figures vary with the machine, no pass/fail).
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot } from '../src/config/project-root.ts'
import { DocsSite } from '../src/docs/docs-site.ts'
import type { Locale } from '../src/lib/locale.ts'

const SECTIONS_PER_PAGE = 10
const QUERIES = 2000
const QUERY_VOCABULARY = 5000

/** A small deterministic PRNG, so every run searches the same corpus with the same queries. */
function random (seed: number): () => number {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const VOCABULARY_SIZE = 20_000
const SYLLABLES = ['ka', 'ter', 'lo', 'min', 'sta', 're', 'vo', 'dan', 'pri', 'mu', 'sen', 'tor', 'ga', 'lin', 'be', 'rung']

/**
 * The real words of the shipped docs, plus (for German) compounds made from them, plus made-up words up to
 * 20,000 — drawn with Zipf's law, as words in real text are: a few very common, most rare.
 */
function vocabulary (locale: Locale, next: () => number): string[] {
  const dir = path.join(projectRoot, 'docs', locale)
  const text = readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8')).join(' ')
  const words = [...new Set(text.match(/\p{L}{3,}/gu) ?? [])]
  if (locale === 'de') {
    const nouns = words.filter((w) => /^\p{Lu}/u.test(w) && w.length >= 4)
    for (let i = 0; i < 2000; i++) {
      const a = nouns[Math.floor(next() * nouns.length)]!
      const b = nouns[Math.floor(next() * nouns.length)]!
      words.push(a + b.toLowerCase())
    }
  }
  while (words.length < VOCABULARY_SIZE) {
    const length = 2 + Math.floor(next() * 3)
    words.push(Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''))
  }
  // Shuffle, so real and made-up words share the frequent ranks.
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[words[i], words[j]] = [words[j]!, words[i]!]
  }
  return words
}

/** Picks words by Zipf's law (rank r with weight 1/r). */
function zipf (words: string[], next: () => number): () => string {
  const cumulative: number[] = []
  let total = 0
  for (let r = 1; r <= words.length; r++) cumulative.push(total += 1 / r)
  return () => {
    const x = next() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      if (cumulative[mid]! < x) low = mid + 1
      else high = mid
    }
    return words[low]!
  }
}

function generateTree (root: string, locale: Locale, pages: number, words: string[], next: () => number): void {
  const pick = zipf(words, next)
  const sentence = (n: number) => Array.from({ length: n }, pick).join(' ') + '.'
  for (let p = 0; p < pages; p++) {
    const dir = path.join(root, locale, `area-${p % 20}`)
    mkdirSync(dir, { recursive: true })
    const lines = [`---\ntitle: ${pick()} ${pick()} ${p}\n---\n`, sentence(30), '']
    for (let s = 0; s < SECTIONS_PER_PAGE; s++) {
      lines.push(`## ${pick()} ${pick()} ${s}`, '', sentence(40), '', `- ${sentence(12)}\n- ${sentence(12)}`, '', sentence(40), '')
    }
    writeFileSync(path.join(dir, `page-${p}.md`), lines.join('\n'))
  }
}

/**
 * Queries use words a reader would look for: drawn evenly from the 5,000 most frequent words of the corpus
 * (people search for content words, not for text-frequency picks dominated by `the` and `die`).
 */
function queries (words: string[], next: () => number): string[] {
  const pick = () => words[Math.floor(next() * QUERY_VOCABULARY)]!
  const typo = (w: string) => {
    const i = 1 + Math.floor(next() * (w.length - 2))
    return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2)
  }
  const kinds = [
    () => pick(),
    () => `${pick()} ${pick()}`,
    () => typo(pick()),
    () => pick().slice(0, 4),
    () => `${pick()} ${pick().slice(0, 3)}`,
    () => `${pick()} ${pick()} ${pick()}`
  ]
  return Array.from({ length: QUERIES }, (_, i) => kinds[i % kinds.length]!())
}

const KIND_NAMES = ['one word', 'two words', 'transposed letters', 'prefix', 'word + prefix', 'three words']

function byKind (list: string[], times: number[]): string {
  return KIND_NAMES.map((name, k) => {
    const own = times.filter((_, i) => i % KIND_NAMES.length === k).sort((a, b) => a - b)
    return `${name} ${percentile(own, 0.95).toFixed(2)}`
  }).join(', ')
}

function heapUsed (): number {
  globalThis.gc?.()
  return process.memoryUsage().heapUsed
}

function percentile (sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

function run (pagesPerLocale: number): { buildMs: number, heapMb: number, site: DocsSite, words: Record<Locale, string[]> } {
  const next = random(42)
  const root = mkdtempSync(path.join(tmpdir(), 'docs-bench-'))
  const words = { en: vocabulary('en', next), de: vocabulary('de', next) }
  try {
    for (const locale of ['en', 'de'] as const) generateTree(root, locale, pagesPerLocale, words[locale], next)
    const before = heapUsed()
    const started = performance.now()
    const site = new DocsSite({ docsDir: root, germanPrefix: '/de' })
    for (const locale of ['en', 'de'] as const) site.sectionCount(locale) // indexes now (the server does it after it listens)
    const buildMs = performance.now() - started
    const heapMb = (heapUsed() - before) / 1024 / 1024
    return { buildMs, heapMb, site, words }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

if (globalThis.gc === undefined) console.log('(run with --expose-gc for exact heap figures)')

const half = run(150)
const halfSections = half.site.sectionCount('en') + half.site.sectionCount('de')
const halfBuild = half.buildMs
const halfHeap = half.heapMb
half.site = undefined as unknown as DocsSite

const full = run(300)
const sections = { en: full.site.sectionCount('en'), de: full.site.sectionCount('de') }
const fullSections = sections.en + sections.de
console.log(`corpus: ${sections.en} English + ${sections.de} German sections`)
console.log(`build (both languages, parse + index): ${full.buildMs.toFixed(0)} ms; heap ${full.heapMb.toFixed(1)} MiB`)
console.log(`half the corpus (${halfSections} sections): ${halfBuild.toFixed(0)} ms, heap ${halfHeap.toFixed(1)} MiB → ` +
  `ratio for ${(fullSections / halfSections).toFixed(2)}× the sections: time ${(full.buildMs / halfBuild).toFixed(2)}×, heap ${(full.heapMb / halfHeap).toFixed(2)}×`)

for (const locale of ['en', 'de'] as const) {
  const list = queries(full.words[locale], random(7))
  for (const q of list.slice(0, 200)) full.site.search(locale, q, 10) // warm up
  const times: number[] = []
  const inOrder: number[] = []
  let hits = 0
  for (const q of list) {
    const started = performance.now()
    const results = full.site.search(locale, q, 10)
    times.push(performance.now() - started)
    inOrder.push(times.at(-1)!)
    if (results.length > 0) hits++
  }
  times.sort((a, b) => a - b)
  console.log(`${locale}: ${list.length} queries, p50 ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms, ` +
    `p99 ${percentile(times, 0.99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(2)} ms; ${hits} with results`)
  console.log(`  p95 by kind (ms): ${byKind(list, inOrder)}`)
}
