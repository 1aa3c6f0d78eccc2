// One way to run the CLI in the README and the docs: `npx status-api …` (after `npm ci` the bare `status-api` is not on
// the PATH), said once in the README with why Node 22.18 and what npm's EBADENGINE warnings mean (issue 53).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PAGES = ['README.md', ...['en', 'de'].flatMap((lang) => readdirSync(path.join(ROOT, 'docs', lang)).filter((name) => name.endsWith('.md')).map((name) => `docs/${lang}/${name}`))]

/** `status-api` followed by a command or an option, as a reader would type it, without the `npx ` before it. */
const BARE_COMMAND = /(?<![\w/.@-])(?<!npx )status-api(?= (?:[a-z][a-z-]*|--?[a-z]|<|\[|\.\.\.|…))/g
/** What the product itself prints for readers elsewhere (the status page's MCP snippet), quoted as it is. */
const QUOTED = ['`status-api mcp --url {base_url}`']

describe('how the docs run the CLI', () => {
  it('writes every command as `npx status-api …` in the README and the docs (front matter aside)', () => {
    const bare: string[] = []
    for (const page of PAGES) {
      const text = readFileSync(path.join(ROOT, page), 'utf8')
      const body = text.startsWith('---\n') ? text.slice(text.indexOf('\n---\n', 4) + 5) : text
      const offset = text.length - body.length
      for (const match of body.matchAll(BARE_COMMAND)) {
        const line = body.slice(body.lastIndexOf('\n', match.index) + 1, body.indexOf('\n', match.index))
        if (QUOTED.some((quote) => line.includes(quote))) continue
        bare.push(`${page}:${text.slice(0, offset + match.index).split('\n').length}: ${line.trim()}`)
      }
    }
    assert.deepEqual(bare, [], 'bare status-api commands')
  })

  it('says once in the README how to run it, why Node 22.18, and what the EBADENGINE warnings mean, in at most 12 KB', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
    assert.ok(statSync(path.join(ROOT, 'README.md')).size <= 12 * 1024, 'README ≤ 12 KB')
    assert.match(readme, /the bare command `status-api` is not on your `PATH`/)
    assert.match(readme, /Every command in this README and in the docs is written that way/)
    assert.match(readme, /22\.18 or newer\*\* is required: the code is TypeScript run by Node's own type stripping/)
    assert.match(readme, /`EBADENGINE` warnings[\s\S]{0,400}only warns/)
  })
})
