// Every language file in src/locales/ says what English says: the same keys, the same placeholders, and a form for each
// plural category the language's Intl.PluralRules has. A new language is a file here and a line in locale-words.js.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { PLACEHOLDER, SHIPPED, WORDS, isPlural, message } from '../../src/view/locale-words.js'

const dir = path.resolve(import.meta.dirname, '../../src/locales')

const placeholders = (value: string | Record<string, string>): string[] =>
  [...new Set((typeof value === 'string' ? [value] : Object.values(value)).flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!)))].sort()

/** What is wrong with `words` (language `tag`) measured against English, one line per fault naming its key. */
export function localeProblems (reference: unknown, words: unknown, tag: string, at = ''): string[] {
  if (typeof reference === 'string' || isPlural(reference)) {
    if (typeof words !== 'string' && !isPlural(words)) return [`${at}: English has a message, ${tag} has ${JSON.stringify(words)}`]
    const problems: string[] = []
    if (isPlural(reference) !== isPlural(words)) problems.push(`${at}: English ${isPlural(reference) ? 'has plural forms' : 'has one form'}, ${tag} does not`)
    if (isPlural(words)) {
      const needed = [...new Intl.PluralRules(tag).resolvedOptions().pluralCategories].sort()
      const given = Object.keys(words).sort()
      if (given.join() !== needed.join()) problems.push(`${at}: ${tag} needs the plural forms ${needed.join(', ')}, has ${given.join(', ')}`)
    }
    const want = placeholders(reference as string)
    const have = placeholders(words as string)
    if (want.join() !== have.join()) problems.push(`${at}: placeholders {${want.join('}, {')}} in English, {${have.join('}, {')}} in ${tag}`)
    return problems
  }
  if (Array.isArray(reference)) {
    if (!Array.isArray(words) || words.length !== reference.length) return [`${at}: English has a list of ${reference.length}, ${tag} does not`]
    return reference.flatMap((item, index) => localeProblems(item, words[index], tag, `${at}[${index}]`))
  }
  if (typeof words !== 'object' || words === null || Array.isArray(words)) return [`${at}: English has a group of words, ${tag} does not`]
  const mine = words as Record<string, unknown>
  const theirs = reference as Record<string, unknown>
  return [
    ...Object.keys(theirs).filter((key) => !(key in mine)).map((key) => `${at}.${key}: missing in ${tag}`),
    ...Object.keys(mine).filter((key) => !(key in theirs)).map((key) => `${at}.${key}: in ${tag}, not in English`),
    ...Object.keys(theirs).filter((key) => key in mine).flatMap((key) => localeProblems(theirs[key], mine[key], tag, `${at}.${key}`))
  ]
}

describe('the language files', () => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)).sort()

  it('are exactly the shipped languages, each a file read by locale-words.js', () => {
    assert.deepEqual(files, [...SHIPPED].sort())
    for (const tag of files) assert.deepEqual(WORDS[tag as keyof typeof WORDS], JSON.parse(readFileSync(path.join(dir, `${tag}.json`), 'utf8')))
  })

  it('are named by BCP 47 tags that Intl knows', () => {
    for (const tag of files) assert.equal(Intl.getCanonicalLocales(tag)[0], tag)
  })

  for (const tag of SHIPPED) {
    it(`${tag} has every key English has, no other, and the same placeholders`, () => {
      assert.deepEqual(localeProblems(WORDS.en, WORDS[tag], tag), [])
    })
  }

  it('finds a missing key, an extra key, a changed placeholder and a missing plural form (the check itself can fail)', () => {
    const broken = structuredClone(WORDS.de) as unknown as Record<string, Record<string, unknown>>
    delete broken.page!.legend
    broken.page!.extra = 'zusätzlich'
    broken.page!.shards = '{connected} von {all} Shards verbunden'
    broken.page!.minutes = { other: '{count} Minuten' }
    const problems = localeProblems(WORDS.en, broken, 'de')
    assert.ok(problems.includes('.page.legend: missing in de'), problems.join('\n'))
    assert.ok(problems.includes('.page.extra: in de, not in English'), problems.join('\n'))
    assert.ok(problems.some((line) => line.startsWith('.page.shards: placeholders')), problems.join('\n'))
    assert.ok(problems.includes('.page.minutes: de needs the plural forms one, other, has other'), problems.join('\n'))
  })
})

describe('a message', () => {
  it('fills its placeholders and picks the plural form by the language\'s rules', () => {
    assert.equal(message('en', WORDS.en.page.shards, { connected: 3, total: 4 }), '3 of 4 shards connected')
    assert.equal(message('en', WORDS.en.page.minutes, { count: 1 }), '1 minute')
    assert.equal(message('en', WORDS.en.page.minutes, { count: 0 }), '0 minutes')
    assert.equal(message('de', WORDS.de.page.minutes, { count: 1.5 }), '1.5 Minuten')
  })
})
