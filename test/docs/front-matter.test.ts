// Front matter: the plain `key: value` blocks read without the YAML parser give exactly what YAML gives, and
// everything else still goes through YAML (errors included).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { parse } from 'yaml'
import { plainKeyValues, readFrontMatter } from '../../src/docs/front-matter.ts'

/** The shortcut reads a block (or leaves it to YAML) as YAML reads it: the same values, never one YAML refuses. */
function readsAsYaml (block: string): void {
  const plain = plainKeyValues(block)
  if (plain === undefined) return
  let yaml: unknown
  assert.doesNotThrow(() => { yaml = parse(block) }, `YAML refuses ${JSON.stringify(block)}, the shortcut read it`)
  assert.deepEqual(plain, yaml ?? {}, JSON.stringify(block))
}

const page = (block: string) => `---\n${block}\n---\n# Body\n`

describe('front matter', () => {
  it('reads the shipped pages as YAML does', () => {
    const docs = path.join(import.meta.dirname, '../../docs')
    for (const locale of ['en', 'de']) {
      for (const file of readdirSync(path.join(docs, locale))) {
        const source = readFileSync(path.join(docs, locale, file), 'utf8')
        const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)![1]!
        assert.notEqual(plainKeyValues(block), undefined, `${locale}/${file}: plain lines, read without loading YAML`)
        readsAsYaml(block)
        const read = readFrontMatter(source)
        assert.ok(read.title !== undefined && read.description !== undefined, `${locale}/${file} has a title and a description`)
      }
    }
  })

  it('reads what YAML would not take for plain text as YAML does', () => {
    const cases = [
      'title: 2024', 'title: null', 'title: ~', 'title: true', 'title: False', 'title: .5', 'title: +1', 'title: 0x1F',
      'title: a: b', 'title: a #comment', 'title: a:', 'title: "quoted"', "title: 'single'", 'title: &anchor a', 'title: *alias',
      'title: !tag a', 'title: | ', 'title: > a', 'title: - a', 'title: [a, b]', 'title: {a: b}', 'title: @a', 'title: `a`', 'title: %a',
      'title: a\ntitle: b', 'title: a\n  continued', 'title:\ta', 'title: a\t', '# only a comment', 'title: a\n\ndescription: b',
      'null: a\nNull: b', 'title: a:b#c d', 'title: a # b', 'title: a  b  ', 'title: Ünïcödé — “quotes”, [brackets] {braces} a-b?c!',
      'title: a\u0085b', 'title: a\u2028b', 'title: a\u200Bb', 'title: 😀 emoji', 'title: ?a', 'title: ,a', 'title: a,b', ''
    ]
    for (const block of cases) readsAsYaml(block)
    assert.deepEqual(readFrontMatter(page('title: 2024\ndescription: a')), { body: '# Body\n', description: 'a' }, 'a number is no title')
    assert.match(readFrontMatter(page('title: [a')).error ?? '', /not valid YAML/)
  })

  it('agrees with YAML on any block of tricky lines', () => {
    const piece = fc.constantFrom('a', 'Z', '0', '7', ' ', '  ', ':', ': ', '#', ' #', '-', '- ', '?', ',', '[', ']', '{', '}', '&', '*',
      '!', '|', '>', "'", '"', '%', '@', '`', '~', '.', '+', '\t', 'ä', '😀', '\u0085', '\u200B', 'null', 'true', 'x:y', 'é')
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))
    const key = fc.constantFrom('title', 'description', 'lang', 'Title', 'null', 'true', 'a-b', 'x_1', '1a', '-a', '')
    const line = fc.oneof(fc.tuple(key, fc.constantFrom(': ', ':', ':  ', ': \t'), text).map(([k, sep, v]) => `${k}${sep}${v}`), text)
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
      readsAsYaml(lines.join('\n'))
    }), { numRuns: 3000 })
  })
})
