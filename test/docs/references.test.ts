// Every reference to a docs page resolves: `docs/en/<page>.md#<anchor>` written in src/, test/, bench/, eslint.config.js,
// README.md and the docs names a page that exists and an anchor that page has (the ids the docs renderer gives its
// headings, pinned `{#id}` or not), and every link between docs pages lands on an anchor of its page. Nothing in those
// places points at a document outside the repository: no design document by section number, no folder beside the checkout.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { projectRoot } from '../../src/config/project-root.ts'
import { loadDocs } from '../../src/docs/load.ts'

/** Where references are read: the code, its tests and benchmarks, the lint rules, the README and the docs themselves. */
const PLACES = ['src', 'test', 'bench', 'docs', 'eslint.config.js', 'README.md']
/** Text files only; images, fonts and databases carry no references. */
const TEXT = /\.(ts|js|mjs|cjs|json|md|mdx|yaml|yml|vcl|css|html|txt|sh)$/
/** `docs/en/api.md`, `docs/de/api.md#errors`: a page below a language folder (or a folder of it), with or without an anchor. */
const REFERENCE = /\bdocs\/(en|de)\/([\w-]+(?:\/[\w-]+)*)\.mdx?(?:#([\w-]+))?/g
/** Built in pieces so that this file does not name what it looks for. */
const OUTSIDE = [new RegExp(['design', '§'].join(' '), 'i'), new RegExp(['\\.\\.', 'shared', ''].join('/'))]

function textFiles (entry: string): string[] {
  const full = path.join(projectRoot, entry)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return TEXT.test(entry) ? [entry] : []
  return readdirSync(full, { withFileTypes: true })
    .filter((dirent) => dirent.name !== 'node_modules')
    .flatMap((dirent) => textFiles(path.posix.join(entry, dirent.name)))
}

/** Each docs page's anchors, keyed `en/api`: the ids its rendered headings carry. */
function anchorsOfPages (): Map<string, Set<string>> {
  const { pages } = loadDocs(path.join(projectRoot, 'docs'), { roots: { en: '/docs', de: '/de/docs' } })
  return new Map(pages.map((page) => [
    `${page.locale}/${page.markdownUrl.replace(/^(\/de)?\/docs\//, '').replace(/\.mdx?$/, '')}`,
    new Set([...page.html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((match) => match[1]!))
  ]))
}

/** The references in one text that do not resolve, as `file:line: reference (why)`. */
export function unresolved (file: string, text: string, anchors: Map<string, Set<string>>): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(REFERENCE)) {
    const [reference, locale, page, anchor] = match as unknown as [string, string, string, string | undefined]
    const line = text.slice(0, match.index).split('\n').length
    const known = anchors.get(`${locale}/${page}`)
    if (known === undefined) problems.push(`${file}:${line}: ${reference} (no such page)`)
    else if (anchor !== undefined && !known.has(anchor)) problems.push(`${file}:${line}: ${reference} (no such anchor)`)
  }
  return problems
}

describe('references to the docs', () => {
  const anchors = anchorsOfPages()
  const files = PLACES.flatMap(textFiles)

  it('reads the places it checks, and the anchors of every page', () => {
    assert.ok(files.length > 500, `read ${files.length} files`)
    assert.ok(files.includes('eslint.config.js') && files.includes('README.md'))
    assert.ok(anchors.get('en/architecture')?.has('edge'), 'a pinned {#id} is an anchor')
    assert.ok(anchors.get('de/architecture')?.has('edge'), 'the German page has the same anchors')
    assert.ok(anchors.get('en/architecture')?.has('architecture'), 'the title is an anchor too, slugged as the renderer does')
  })

  it('name a page that exists and an anchor it has', () => {
    const problems = files.flatMap((file) => unresolved(file, readFileSync(path.join(projectRoot, file), 'utf8'), anchors))
    assert.deepEqual(problems, [])
  })

  it('fail on a page or an anchor that does not exist (the check itself can fail)', () => {
    // Written in pieces, so that the scan of this very file does not find them.
    const docs = (rest: string) => ['docs', rest].join('/')
    const text = `// ${docs('en/architecture.md#edge')}\n// see ${docs('en/nowhere.md#edge')}.\n/* (${docs('de/architecture.md#nowhere')}) */ ${docs('en/api.md')}`
    assert.deepEqual(unresolved('made-up.ts', text, anchors), [
      `made-up.ts:2: ${docs('en/nowhere.md#edge')} (no such page)`,
      `made-up.ts:3: ${docs('de/architecture.md#nowhere')} (no such anchor)`
    ])
  })

  it('between docs pages land on an anchor of the page they name', () => {
    const { pages } = loadDocs(path.join(projectRoot, 'docs'), { roots: { en: '/docs', de: '/de/docs' } })
    const ids = new Map(pages.map((page) => [page.url, new Set([...page.html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]!))]))
    const broken: string[] = []
    for (const page of pages) {
      for (const [, href] of page.html.matchAll(/<a href="((?:\/de)?\/docs[^"#]*#[^"]+|#[^"]+)"/g)) {
        const [target, anchor] = href!.startsWith('#') ? [page.url, href!.slice(1)] : href!.split('#') as [string, string]
        if (!ids.get(target)?.has(anchor)) broken.push(`${page.url}: ${href}`)
      }
    }
    assert.deepEqual(broken, [])
  })

  it('point at nothing outside the repository', () => {
    const outside = files.flatMap((file) => readFileSync(path.join(projectRoot, file), 'utf8').split('\n')
      .flatMap((line, index) => OUTSIDE.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : []))
    assert.deepEqual(outside, [])
  })
})
