// History without bounds, bounded: with hundreds of resolved incidents the status page and the default
// GET /api/v1/health/incidents show the recent window (every open incident, the newest 50 resolved), a Link header names
// the next page, and paging with ?before=&limit= reaches every incident of the 90 days exactly once; a small history's
// default answer is unchanged (no Link); an incident outside the window keeps its page. An idle refresh reads no rows,
// and a change reads only the incidents it touched.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Response as InjectResponse } from 'light-my-request'
import { updateIncident } from '../../src/incidents/writes.ts'
import { insertIncident } from '../../src/store/repositories/incidents.ts'
import { buildTestApp } from '../helper.ts'

const DAY = 86_400_000

async function seed (app: { context: { database: { db: Parameters<typeof insertIncident>[0] } } }, resolved: number, open: number) {
  const now = Date.now()
  for (let i = 0; i < resolved; i++) {
    await insertIncident(app.context.database.db, { title: `Old ${i}`, impact: 'minor', status: 'resolved', message: 'done', at: new Date(now - DAY * 80 + i * 60_000).toISOString() })
  }
  for (let i = 0; i < open; i++) {
    await insertIncident(app.context.database.db, { title: `Open ${i}`, impact: 'major', status: 'investigating', message: 'looking', at: new Date(now - 60_000 * (i + 1)).toISOString() })
  }
}

const ids = (body: string) => (JSON.parse(body) as { incidents: Array<{ id: number }> }).incidents.map((incident) => incident.id)

async function allPages (app: FastifyInstance): Promise<number[]> {
  const seen: number[] = []
  let url: string | undefined = '/api/v1/health/incidents'
  while (url !== undefined) {
    const response: InjectResponse = await app.inject(url)
    assert.equal(response.statusCode, 200, response.body)
    seen.push(...ids(response.body))
    const link = response.headers.link as string | undefined
    url = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)![1]
  }
  return seen
}

describe('bounded incident lists', () => {
  it('300 resolved and 2 open: the recent window by default, pages reach all 302 once, newest first', async (t) => {
    const test = await buildTestApp(t)
    await seed(test, 300, 2)
    await test.context.incidents.refresh()
    const first = await test.app.inject('/api/v1/health/incidents')
    const listed = ids(first.body)
    assert.equal(listed.length, 52, 'two open and the newest 50 resolved')
    assert.equal(first.headers.link, `</api/v1/health/incidents?before=${listed.at(-1)}&limit=50>; rel="next"`)
    const everything = await allPages(test.app)
    assert.equal(everything.length, 302)
    assert.equal(new Set(everything).size, 302, 'no incident twice')
    assert.deepEqual(everything.slice(0, 52), listed)
    const small = await test.app.inject('/api/v1/health/incidents?limit=7')
    assert.equal(ids(small.body).length, 7)
    assert.match(small.headers.link as string, /limit=7>; rel="next"$/)

    const refused = await test.app.inject('/api/v1/health/incidents?before=999999')
    assert.equal(refused.statusCode, 400)
    assert.match(refused.headers['content-type'] as string, /^application\/problem\+json/)
    assert.equal((await test.app.inject('/api/v1/health/incidents?limit=101')).statusCode, 400)
    assert.equal((await test.app.inject('/api/v1/health/incidents?limit=0')).statusCode, 400)

    const oldest = everything.at(-1)!
    assert.equal((await test.app.inject(`/status/incidents/${oldest}`)).statusCode, 200, 'an incident outside the window keeps its page')
    const page = await test.app.inject('/status')
    assert.equal(page.statusCode, 200)
    assert.ok(!page.body.includes('>Old 0<') && !page.body.includes('Old 0</'), 'the oldest is not on the status page')
    assert.ok(page.body.includes('Old 299'), 'the newest resolved one is')
  })

  it('a small history: the default answer lists everything, without a Link header', async (t) => {
    const test = await buildTestApp(t)
    await seed(test, 5, 1)
    await test.context.incidents.refresh()
    const response = await test.app.inject('/api/v1/health/incidents')
    assert.equal(ids(response.body).length, 6)
    assert.equal(response.headers.link, undefined)
  })

  it('an idle refresh reads no rows; after a write the next one reads only what changed', async (t) => {
    const test = await buildTestApp(t)
    await seed(test, 20, 0)
    const { incidents } = test.context
    await incidents.refresh()
    const reads = incidents.fullReads
    const rows = incidents.rows()
    for (let i = 0; i < 5; i++) await incidents.refresh()
    assert.equal(incidents.fullReads, reads, 'nothing changed: only the stamp was read')
    assert.equal(incidents.rows(), rows)
    await seed(test, 0, 1)
    await incidents.refresh()
    assert.equal(incidents.fullReads, reads, 'the new incident alone was read')
    assert.equal(incidents.body().incidents[0]!.title, 'Open 0')
    assert.equal(incidents.body().incidents.length, 21)
    const opened = incidents.body().incidents[0]!.id
    await updateIncident(test.context.database.db, opened, { status: 'resolved', message: 'fixed' }, Date.now())
    await incidents.refresh()
    assert.equal(incidents.body().incidents.find((incident) => incident.id === opened)?.status, 'resolved', 'an update to a known incident replaces it')
    assert.equal(incidents.body().incidents.length, 21)
    assert.equal(incidents.fullReads, reads)
  })
})
