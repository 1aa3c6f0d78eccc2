// Words a reader sees live in src/locales/<tag>.json: no module in src/ keeps its own table of words per language
// (an object with both an `en` and a `de` entry). The few that may are named here, each with why.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'

const SRC = path.resolve(import.meta.dirname, '../../src')

/** Modules allowed an `en`/`de` pair, and why. */
const ALLOWED: Record<string, string> = {
  'api/components.ts': 'example bodies: component names as a status file gives them, not the service\'s words',
  'api/component-detail.ts': 'an example body',
  'docs/labels.ts': 'the docs\' own labels: the docs are English and German only',
  'docs/search/stop-words.ts': 'the docs search\'s stop words, English and German like the docs; no reader sees them'
}

/**
 * `en: 'x'` (or an object of keys, a template, a function) and, within a few lines, `de:` of the same shape: a word
 * table. Paths (`'/docs'`, `${prefix}/docs`) are not words.
 */
const SHAPE = String.raw`(?:'(?!/)|"(?!/)|\x60(?!/|\$\{)|\{ *\w+:|\{\s*$|\([\w, :]*\) *=>|\w+ *=>)`
const PAIR = new RegExp(String.raw`\ben: *${SHAPE}[^\n]*(?:\n[^\n]*){0,12}?\bde: *${SHAPE}`, 'm')

function modules (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return modules(full)
    return /\.(?:ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

describe('word tables', () => {
  it('exist only in src/locales/: no other module holds words per language', () => {
    const found = modules(SRC).map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((name) => !(name in ALLOWED) && PAIR.test(readFileSync(path.join(SRC, name), 'utf8')))
    assert.deepEqual(found, [], `words per language outside src/locales/: ${found.join(', ')}`)
  })

  it('allows only modules that exist and still hold a pair (the list does not go stale)', () => {
    for (const name of Object.keys(ALLOWED)) assert.ok(PAIR.test(readFileSync(path.join(SRC, name), 'utf8')), `${name} holds no pair any more: remove it from the list`)
  })

  it('finds a table when there is one (the check itself can fail)', () => {
    assert.ok(PAIR.test("const WORDS = {\n  en: { title: 'Status' },\n  de: { title: 'Status' }\n}"))
    assert.ok(PAIR.test("{ en: 'Database', de: 'Datenbank' }"))
    assert.ok(PAIR.test('const T = {\n  en: (name) => `${name} status`,\n  de: (name) => `${name}-Status`\n}'))
    assert.ok(!PAIR.test("{ en: path, de: localPath('de', path) }"))
    assert.ok(!PAIR.test('{ en: new Map(), de: new Map() }'))
    assert.ok(!PAIR.test("{ en: '/docs', de: `${prefix}/docs` }"))
  })
})
