// The README's layout block and every path it names agree with the tree, so the README cannot go stale.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'

const root = path.resolve(import.meta.dirname, '..')
const readme = readFileSync(path.join(root, 'README.md'), 'utf8')

/** The fenced block under `## Layout`: one entry per line that starts with a path. */
function layoutEntries (): string[] {
  const section = readme.slice(readme.indexOf('\n## Layout\n'))
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1]
  assert.ok(block !== undefined, 'README has a fenced block under "## Layout"')
  return block.split('\n')
    .filter((line) => /^\S/.test(line))
    .flatMap((line) => line.split(/\s{2,}/)[0]!.split(', '))
}

describe('the README', () => {
  it('lists in its layout block every folder and file directly under src/, and nothing that is not there', () => {
    const named = layoutEntries()
    for (const entry of named) assert.ok(existsSync(path.join(root, entry)), `the layout names ${entry}, which does not exist`)
    const listed = new Set(named.map((entry) => entry.replace(/\/$/, '')))
    const missing = readdirSync(path.join(root, 'src'))
      .map((name) => `src/${name}`)
      .filter((entry) => !listed.has(entry))
    assert.deepEqual(missing, [], 'every entry of src/ has a line in the layout block')
  })

  it('names only paths that exist', () => {
    const paths = [...readme.matchAll(/`((?:src|test|bench|docs|bin)\/[\w./-]+)`/g)].map((match) => match[1]!)
    assert.ok(paths.length > 10)
    const stale = [...new Set(paths)].filter((name) => !existsSync(path.join(root, name)))
    assert.deepEqual(stale, [])
  })

  it('points at nothing outside the repository', () => {
    assert.doesNotMatch(readme, /\.\.\/shared\//, 'someone who clones the repository has no ../shared/')
  })
})
