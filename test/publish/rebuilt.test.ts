// Built again only on change: the memo per base URL, and the incidents rows keeping their identity while unchanged.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { openIncident } from '../../src/incidents/writes.ts'
import { MAX_BASE_URLS, rebuiltOnChange } from '../../src/publish/rebuilt.ts'
import { buildTestApp } from '../helper.ts'

describe('rebuiltOnChange', () => {
  it('keeps a base URL\'s build from its second request until an input is another object, and forgets the least recently used base URL', () => {
    let builds = 0
    const build = rebuiltOnChange((baseUrl, [a]: readonly [object]) => { builds++; return `${baseUrl}:${Object.keys(a).join()}` })
    const first = { x: 1 }
    assert.equal(build('https://a.test', [first]), 'https://a.test:x')
    assert.equal(builds, 1)
    assert.equal(build('https://a.test', [first]), 'https://a.test:x')
    assert.equal(builds, 2, 'a base URL asked for once is not kept (a one-off Host)')
    assert.equal(build('https://a.test', [first]), 'https://a.test:x')
    assert.equal(build('https://a.test', [first]), 'https://a.test:x')
    assert.equal(builds, 2, 'asked for again, it is kept')
    build('https://a.test', [{ x: 1 }])
    assert.equal(builds, 3, 'an equal but different object is a change')
    build('https://b.test', [first])
    build('https://b.test', [first])
    build('https://b.test', [first])
    assert.equal(builds, 5, 'each base URL has its own')
    for (let i = 0; i < MAX_BASE_URLS; i++) for (let ask = 0; ask < 2; ask++) build(`https://${i}.test`, [first])
    builds = 0
    build('https://a.test', [first])
    assert.equal(builds, 1, 'evicted after MAX_BASE_URLS others')
  })
})

describe('the incidents rows', () => {
  it('keep their identity when a refresh finds nothing new, and change when something was written', async (t) => {
    const { context } = await buildTestApp(t)
    const before = context.incidents.rows()
    assert.ok(before !== undefined)
    await context.incidents.refresh()
    assert.equal(context.incidents.rows(), before)
    await openIncident(context.database.db, { title: 'Slow', impact: 'minor', status: 'investigating', message: 'Looking.' }, Date.now())
    await context.incidents.refresh()
    assert.notEqual(context.incidents.rows(), before)
    assert.equal(context.incidents.rows()!.incidents.length, 1)
  })
})
