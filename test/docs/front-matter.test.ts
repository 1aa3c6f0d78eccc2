// Front matter: the plain `key: value` blocks read without the YAML parser give exactly what YAML gives, and
// everything else still goes through YAML (errors included).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { parse } from 'yaml'
import { readFrontMatter, type FrontMatter } from '../../src/docs/front-matter.ts'

/** The reading before the plain-line shortcut: every block through YAML. */
function throughYaml (source: string): FrontMatter {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source)
  if (match === null) return { body: source.replace(/^\uFEFF/, '') }
  const body = source.slice(match[0].length)
  let data: unknown
  try {
    data = parse(match[1]!)
  } catch (error) {
    return { body, error: `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})` }
  }
  if (data === null || typeof data !== 'object') return { body }
  const { title, description } = data as Record<string, unknown>
  return {
    body,
    ...(typeof title === 'string' && title.trim() !== '' ? { title: title.trim() } : {}),
    ...(typeof description === 'string' && description.trim() !== '' ? { description: description.trim() } : {})
  }
}

const page = (block: string) => `---\n${block}\n---\n# Body\n`

describe('front matter', () => {
  it('reads the shipped pages as YAML does', () => {
    const docs = path.join(import.meta.dirname, '../../docs')
    for (const locale of ['en', 'de']) {
      for (const file of readdirSync(path.join(docs, locale))) {
        const source = readFileSync(path.join(docs, locale, file), 'utf8')
        const read = readFrontMatter(source)
        assert.deepEqual(read, throughYaml(source), `${locale}/${file}`)
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
    for (const block of cases) assert.deepEqual(readFrontMatter(page(block)), throughYaml(page(block)), JSON.stringify(block))
  })

  it('agrees with YAML on any block of tricky lines', () => {
    const piece = fc.constantFrom('a', 'Z', '0', '7', ' ', '  ', ':', ': ', '#', ' #', '-', '- ', '?', ',', '[', ']', '{', '}', '&', '*',
      '!', '|', '>', "'", '"', '%', '@', '`', '~', '.', '+', '\t', 'ä', '😀', '\u0085', '\u200B', 'null', 'true', 'x:y', 'é')
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))
    const key = fc.constantFrom('title', 'description', 'lang', 'Title', 'null', 'true', 'a-b', 'x_1', '1a', '-a', '')
    const line = fc.oneof(fc.tuple(key, fc.constantFrom(': ', ':', ':  ', ': \t'), text).map(([k, sep, v]) => `${k}${sep}${v}`), text)
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
      const source = page(lines.join('\n'))
      assert.deepEqual(readFrontMatter(source), throughYaml(source))
    }), { numRuns: 3000 })
  })
})
