// The docs `npm run build` renders: read back exactly as the loader renders them, and only while the docs folder and
// the language roots are as they were; anything else renders them at start.
import assert from 'node:assert/strict'
import { cpSync, rmSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { loadDocs } from '../../src/docs/load.ts'
import { readPrerenderedDocs, writePrerenderedDocs } from '../../src/docs/prerendered.ts'
import { tempDir } from '../helper.ts'

const FIXTURE = path.join(import.meta.dirname, 'fixture')
const ROOTS = { roots: { en: '/docs', de: '/de/docs' } }

function setUp (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const docs = path.join(dir, 'docs')
  cpSync(FIXTURE, docs, { recursive: true, preserveTimestamps: true })
  const file = path.join(dir, 'docs.json')
  writePrerenderedDocs(file, docs, ROOTS)
  return { docs, file }
}

describe('prerendered docs', () => {
  it('reads back what the loader renders, page for page', (t) => {
    const { docs, file } = setUp(t)
    const read = readPrerenderedDocs(file, docs, ROOTS)
    assert.ok(read !== undefined)
    assert.ok(read.pages.length > 0)
    assert.deepEqual(read, loadDocs(docs, ROOTS))
  })

  it('is not used once a file changed, was added or removed, or for other roots', (t) => {
    const changed = setUp(t)
    const page = path.join(changed.docs, 'en', 'index.md')
    appendFileSync(page, '\nA new line.\n')
    assert.equal(readPrerenderedDocs(changed.file, changed.docs, ROOTS), undefined, 'changed content')

    const touched = setUp(t)
    utimesSync(path.join(touched.docs, 'de', 'index.md'), new Date(), new Date(Date.now() + 5000))
    assert.equal(readPrerenderedDocs(touched.file, touched.docs, ROOTS), undefined, 'same size, newer mtime')

    const added = setUp(t)
    writeFileSync(path.join(added.docs, 'en', 'extra.md'), '# Extra\n')
    assert.equal(readPrerenderedDocs(added.file, added.docs, ROOTS), undefined, 'a file added')

    const removed = setUp(t)
    rmSync(path.join(removed.docs, 'de', 'views.md'))
    assert.equal(readPrerenderedDocs(removed.file, removed.docs, ROOTS), undefined, 'a file removed')

    const roots = setUp(t)
    assert.equal(readPrerenderedDocs(roots.file, roots.docs, { roots: { en: '/docs', de: '/de-at/docs' } }), undefined, 'another German prefix')
  })

  it('renders at start when there is no file or it is not JSON', (t) => {
    const { docs, file } = setUp(t)
    assert.equal(readPrerenderedDocs(`${file}.missing`, docs, ROOTS), undefined)
    writeFileSync(file, '{"roots":')
    assert.equal(readPrerenderedDocs(file, docs, ROOTS), undefined)
  })
})
