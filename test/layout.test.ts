// The folders block of docs/{en,de}/architecture.md agrees with the tree, and every path the README names exists.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'

const root = path.resolve(import.meta.dirname, '..')
const readme = readFileSync(path.join(root, 'README.md'), 'utf8')

/** The fenced block under the `{#folders}` heading of a page: one entry per line that starts with a path. */
function folderEntries (page: string): string[] {
  const doc = readFileSync(path.join(root, page), 'utf8')
  const heading = doc.search(/^## .*\{#folders\}$/m)
  assert.ok(heading >= 0, `${page} has a section {#folders}`)
  const block = /```\n([\s\S]*?)```/.exec(doc.slice(heading))?.[1]
  assert.ok(block !== undefined, `${page} has a fenced block under its {#folders} heading`)
  return block.split('\n')
    .filter((line) => /^\S/.test(line))
    .flatMap((line) => line.split(/\s{2,}/)[0]!.split(', '))
}

describe('the folders block of the architecture page', () => {
  for (const page of ['docs/en/architecture.md', 'docs/de/architecture.md']) {
    it(`${page} lists every folder and file directly under src/, and nothing that is not there`, () => {
      const named = folderEntries(page)
      for (const entry of named) assert.ok(existsSync(path.join(root, entry)), `the block names ${entry}, which does not exist`)
      const listed = new Set(named.map((entry) => entry.replace(/\/$/, '')))
      const missing = readdirSync(path.join(root, 'src'))
        .map((name) => `src/${name}`)
        .filter((entry) => !listed.has(entry))
      assert.deepEqual(missing, [], 'every entry of src/ has a line in the block')
    })
  }

  it('names the same entries in both languages, in the same order', () => {
    assert.deepEqual(folderEntries('docs/de/architecture.md'), folderEntries('docs/en/architecture.md'))
  })
})

describe('the README', () => {
  it('names only paths that exist', () => {
    const paths = [...readme.matchAll(/`((?:src|test|bench|docs|bin)\/[\w./-]+)`/g)].map((match) => match[1]!)
    assert.ok(paths.length > 0)
    const stale = [...new Set(paths)].filter((name) => !existsSync(path.join(root, name)))
    assert.deepEqual(stale, [])
  })

  it('points at nothing outside the repository', () => {
    assert.doesNotMatch(readme, /\.\.\/shared\//, 'someone who clones the repository has no folder beside it')
  })
})
