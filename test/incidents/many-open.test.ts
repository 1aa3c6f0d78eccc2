// 10,000 open incidents, on SQLite and PostgreSQL, in a real `status-api serve`: every surface stays within a size
// that does not grow with them (the newest OPEN_SHOWN open ones, the rest paged and linked), the totals count every
// one, the links reach each incident exactly once, and liveness keeps answering while changes make every surface
// rebuild (no answer slower than 1 s: only a real block breaks that; the p99 is the bench's, bench/many-open.ts).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { OPEN_SHOWN, RECENT_RESOLVED } from '../../src/incidents/view.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import type { Kysely } from 'kysely'
import type { Tables } from '../../src/store/tables.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'
import { TOKENS, startOperatorProcess, type OperatorProcess } from '../operator/operator-process.ts'

export const OPEN = 10_000
export const RESOLVED = 60
const KB = 1024

/**
 * What each surface may weigh with 10,000 open incidents (it weighed 4–17 MB before): the newest 25 open ones with their
 * latest updates, and what the page shows besides. None of them grows with the number of open incidents.
 */
const BOUNDS: Record<string, number> = {
  '/status': 256 * KB,
  '/de/status': 256 * KB,
  '/status.md': 64 * KB,
  '/de/status.md': 64 * KB,
  '/api/v1/health/incidents': 64 * KB,
  '/status/api/v2/summary.json': 64 * KB,
  '/status/api/v2/incidents/unresolved.json': 64 * KB,
  '/status/api/v2/incidents.json': 128 * KB,
  '/status/history': 256 * KB,
  '/status/components/music': 256 * KB,
  '/status/feed.atom': 256 * KB,
  '/status/feed.rss': 256 * KB
}

/** Inserts 10,000 open incidents naming `music` (newest last) and 60 resolved ones, a few hundred rows per statement. */
export async function seedMany (db: Kysely<Tables>, open = OPEN, resolved = RESOLVED): Promise<void> {
  const now = Date.now()
  const rows = [
    ...Array.from({ length: resolved }, (_, i) => ({ at: now - 86_400_000 * 30 + i * 60_000, resolved: true, n: i })),
    ...Array.from({ length: open }, (_, i) => ({ at: now - (open - i) * 1000, resolved: false, n: i }))
  ]
  for (let from = 0; from < rows.length; from += 500) {
    const batch = rows.slice(from, from + 500)
    const ids = await db.insertInto('incidents').values(batch.map((row) => {
      const at = new Date(row.at).toISOString()
      return {
        title: row.resolved ? `Resolved ${row.n}` : `Open ${row.n}`,
        impact: 'minor',
        status: row.resolved ? 'resolved' : 'investigating',
        started_at: at,
        resolved_at: row.resolved ? new Date(row.at + 60_000).toISOString() : null,
        updated_at: at
      }
    })).returning('id').execute()
    await db.insertInto('incident_updates').values(batch.map((row, i) => ({
      incident_id: ids[i]!.id, status: row.resolved ? 'resolved' : 'investigating', message: `Looking into problem ${row.n}. `.repeat(4),
      created_at: new Date(row.at).toISOString(), by: null
    }))).execute()
    await db.insertInto('incident_components').values(ids.map(({ id }) => ({ incident_id: id, component: 'music', status: null }))).execute()
  }
}

interface IncidentsPage {
  incidents: Array<{ id: number, resolvedAt: string | null }>
  totals: { open: number, resolved: number }
}

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`10,000 open incidents (${store})`, { skip: store === 'postgres' ? postgresSkip() : false, timeout: 300_000 }, () => {
    let dir: string
    let service: OperatorProcess

    const get = async (pathname: string) => {
      const response = await fetch(`${service.app.url}${pathname}`, { headers: { 'accept-encoding': 'identity' } })
      assert.equal(response.status, 200, pathname)
      return { text: await response.text(), link: response.headers.get('link') ?? '' }
    }
    const next = (link: string) => /<([^>]+)>; rel="next"/.exec(link)?.[1]

    before(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'status-api-many-open-'))
      const env: Record<string, string> = { RATE_LIMIT_PER_MINUTE: '0' }
      if (store === 'postgres') env.DATABASE_URL = await (await sharedPostgres()).createDatabase()
      const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir })
      await migrate(database)
      await seedMany(database.db)
      await database.close()
      service = await startOperatorProcess(dir, env)
    })

    after(async () => {
      await service?.app.stop()
      rmSync(dir, { recursive: true, force: true })
    })

    it('every surface stays within its bound, and says how many more there are', async () => {
      for (const [pathname, bound] of Object.entries(BOUNDS)) {
        const { text } = await get(pathname)
        const bytes = Buffer.byteLength(text)
        assert.ok(bytes <= bound, `${pathname}: ${bytes} bytes, at most ${bound}`)
      }
      const hidden = OPEN - OPEN_SHOWN
      const page = (await get('/status')).text
      assert.equal(page.match(/<li class="incident impact--/g)?.length, OPEN_SHOWN, 'the newest 25 open incidents, no resolved ones')
      assert.match(page, new RegExp(`<p class="more-incidents"><a href="/status/history">${hidden} more open incidents on the history page</a></p>`))
      assert.match(page, /<p class="older-incidents"><a href="\/status\/history">Older incidents<\/a><\/p>/)
      assert.match((await get('/de/status')).text, new RegExp(`${hidden} weitere offene Vorfälle auf der Seite der früheren Vorfälle`))
      const markdown = (await get('/status.md')).text
      assert.equal(markdown.match(/^### Open /gm)?.length, OPEN_SHOWN)
      assert.match(markdown, new RegExp(`${hidden} more open incidents on the history page: <http://127\\.0\\.0\\.1:\\d+/status/history>`))
      assert.doesNotMatch(markdown, /No incidents in the last 90 days/, 'resolved ones exist: the link leads to them')
      const component = (await get('/status/components/music')).text
      assert.match(component, new RegExp(`<a href="/status/history">${hidden} more incidents</a>`))
    })

    it('the API: the newest 25 open, the totals, and pages that reach every incident once', async () => {
      const first = await get('/api/v1/health/incidents')
      const body = JSON.parse(first.text) as IncidentsPage
      assert.deepEqual(body.totals, { open: OPEN, resolved: RESOLVED })
      assert.equal(body.incidents.length, OPEN_SHOWN)
      assert.ok(body.incidents.every((incident) => incident.resolvedAt === null))
      assert.equal(next(first.link), `/api/v1/health/incidents?before=${body.incidents.at(-1)!.id}&limit=${RECENT_RESOLVED}`)
      const seen = body.incidents.map((incident) => incident.id)
      let url = next(first.link)
      let resolvedFrom = -1
      while (url !== undefined) {
        const page = await get(url.replace(/limit=\d+/, 'limit=100'))
        const parsed = JSON.parse(page.text) as IncidentsPage
        assert.deepEqual(parsed.totals, { open: OPEN, resolved: RESOLVED })
        for (const incident of parsed.incidents) {
          if (incident.resolvedAt !== null && resolvedFrom < 0) resolvedFrom = seen.length
          seen.push(incident.id)
        }
        url = next(page.link)
      }
      assert.equal(seen.length, OPEN + RESOLVED)
      assert.equal(new Set(seen).size, OPEN + RESOLVED, 'each once')
      assert.equal(resolvedFrom, OPEN, 'every open one first, then the resolved ones')
    })

    it('the Statuspage copy: the newest 25 unresolved, and a Link to the API\'s page that continues the list', async () => {
      const api = JSON.parse((await get('/api/v1/health/incidents?limit=100')).text) as IncidentsPage
      for (const name of ['summary.json', 'incidents/unresolved.json']) {
        const { text, link } = await get(`/status/api/v2/${name}`)
        const ids = (JSON.parse(text) as { incidents: Array<{ id: string }> }).incidents.map((incident) => Number(incident.id))
        assert.deepEqual(ids, api.incidents.slice(0, OPEN_SHOWN).map((incident) => incident.id), name)
        const continued = JSON.parse((await get(next(link)!)).text) as IncidentsPage
        assert.deepEqual(continued.incidents.map((incident) => incident.id), api.incidents.slice(OPEN_SHOWN, OPEN_SHOWN + RECENT_RESOLVED).map((incident) => incident.id))
      }
    })

    it('the history pages list the open ones the page has no room for, then the resolved ones: each once', async () => {
      const first = await get('/status/history')
      const pages = Number(/data-pages="(\d+)"/.exec(first.text)![1])
      assert.equal(pages, Math.ceil((OPEN + RESOLVED - OPEN_SHOWN) / 50))
      assert.match(first.text, new RegExp(`The ${OPEN - OPEN_SHOWN} open incidents the status page has no room for, then every incident resolved`))
      const onPage = new Set((await get('/status')).text.match(/href="\/status\/incidents\/(\d+)"/g))
      const listed = new Set<string>()
      for (let page = 1; page <= pages; page++) {
        const { text } = await get(`/status/history${page === 1 ? '' : `?page=${page}`}`)
        for (const link of new Set(text.match(/href="\/status\/incidents\/(\d+)"/g))) {
          assert.ok(!onPage.has(link), `${link} is on the status page and on history page ${page}`)
          assert.ok(!listed.has(link), `${link} twice`)
          listed.add(link)
        }
      }
      assert.equal(listed.size + OPEN_SHOWN, OPEN + RESOLVED)
    })

    it('liveness answers within 1 s while changes rebuild every surface', async () => {
      const latencies: number[] = []
      let running = true
      const probe = (async () => {
        while (running) {
          const started = performance.now()
          const response = await fetch(`${service.app.url}/api/v1/liveness`)
          await response.arrayBuffer()
          assert.equal(response.status, 200)
          latencies.push(performance.now() - started)
        }
      })()
      try {
        const opened = await service.call('POST', '/v1/incidents', { token: TOKENS.ops, body: { title: 'One more', impact: 'major', message: 'Start.' } })
        assert.equal(opened.status, 201, opened.text)
        const id = (opened.json as { id: number }).id
        for (let round = 0; round < 10; round++) {
          const updated = await service.call('POST', `/v1/incidents/${id}/updates`, { token: TOKENS.ops, body: { message: `Round ${round}.`, status: 'identified' } })
          assert.equal(updated.status, 201, updated.text)
          // Each change makes every surface build again on its next request.
          await Promise.all(Object.keys(BOUNDS).map((pathname) => get(pathname)))
        }
      } finally {
        running = false
        await probe
      }
      latencies.sort((a, b) => a - b)
      const max = latencies.at(-1)!
      console.log(`liveness during rebuilds (${store}, ${latencies.length} answers): median ${latencies[latencies.length >> 1]!.toFixed(1)} ms, max ${max.toFixed(1)} ms`)
      assert.ok(latencies.length >= 20, `${latencies.length} liveness answers`)
      assert.ok(max < 1000, `the slowest liveness answer took ${max.toFixed(0)} ms`)
    })
  })
}
