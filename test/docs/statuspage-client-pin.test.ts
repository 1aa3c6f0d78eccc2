// The Follow docs' statuspage.io recipe names the one version that works (3.4.6 shipped without dist/), and it is
// the version this suite pins and tests against in test/publish/statuspage-copy.test.ts.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { projectRoot } from '../../src/config/project-root.ts'

const read = (...parts: string[]) => readFileSync(path.join(projectRoot, ...parts), 'utf8')

describe('the statuspage.io recipe in the Follow docs', () => {
  const installed = JSON.parse(read('node_modules', 'statuspage.io', 'package.json')).version as string
  const pinned = JSON.parse(read('package.json')).devDependencies['statuspage.io'] as string

  it('is tested against an exact version, not a range that picks up a broken release', () => {
    assert.match(pinned, /^\d+\.\d+\.\d+$/, `package.json pins statuspage.io exactly (is ${pinned})`)
    assert.equal(pinned, installed)
  })

  for (const language of ['en', 'de']) {
    it(`tells readers to install that version (${language}) and why`, () => {
      const page = read('docs', language, 'follow.md')
      assert.ok(page.includes(`npm install statuspage.io@${installed}`), `docs/${language}/follow.md pins statuspage.io@${installed}`)
      assert.match(page, /3\.4\.6[^.]*`dist\/`/)
    })
  }
})
