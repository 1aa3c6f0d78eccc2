// /status/history?page=N, English and German, on SQLite and PostgreSQL: with 2 open and 125 resolved incidents, three
// pages of 50, 50 and 25 resolved ones reach every incident of the API's pages once, newest first, page 2 starting where
// the status page's window stops; prev/next links and Link headers, "page N of M", the end said on the last page,
// ETag/304 and compression, the status page and /status.md linking there only when there is more, and bad page
// numbers answered 400 (malformed) or 404 (past the last page), never 5xx.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Response as InjectResponse } from 'light-my-request'
import { resolveIncident } from '../../src/incidents/writes.ts'
import { insertIncident } from '../../src/store/repositories/incidents.ts'
import { buildTestApp, databaseBackends, type TestApp } from '../helper.ts'

const MINUTE = 60_000
const DAY = 86_400_000

/** `resolved` resolved incidents over the last 80 days (the newest last), then `open` open ones. */
async function seed (test: TestApp, resolved: number, open: number): Promise<void> {
  const { db } = test.context.database
  const now = Date.now()
  for (let i = 0; i < resolved; i++) {
    await insertIncident(db, { title: `Old ${i}`, impact: i % 3 === 0 ? 'major' : 'minor', status: 'resolved', message: `Fixed ${i}.`, at: new Date(now - DAY * 80 + i * 10 * MINUTE).toISOString() })
  }
  for (let i = 0; i < open; i++) {
    await insertIncident(db, { title: `Open ${i}`, impact: 'major', status: 'investigating', message: 'Looking.', at: new Date(now - MINUTE * (i + 1)).toISOString() })
  }
  await test.context.incidents.refresh()
}

/** Every resolved incident's id, in the API's order, following its Link headers. */
async function resolvedByApi (app: FastifyInstance): Promise<number[]> {
  const ids: number[] = []
  let url: string | undefined = '/api/v1/health/incidents'
  while (url !== undefined) {
    const response: InjectResponse = await app.inject(url)
    const body = JSON.parse(response.body) as { incidents: Array<{ id: number, resolvedAt: string | null }> }
    ids.push(...body.incidents.filter((incident) => incident.resolvedAt !== null).map((incident) => incident.id))
    url = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1]
  }
  return ids
}

/** The incidents a history page lists, by the ids of their links, in order. */
const listed = (html: string) => [...html.matchAll(/<p class="incident-link"><a href="\/(?:de\/)?status\/incidents\/(\d+)">/g)].map(([, id]) => Number(id))

for (const backend of databaseBackends()) {
  describe(`history pages on ${backend.name}`, { skip: backend.skip }, () => {
    it('three pages reach every resolved incident once, newest first, page 2 after the status page\'s window', async (t) => {
      const test = await buildTestApp(t, await backend.env())
      await seed(test, 125, 2)
      const { app } = test
      const everything = await resolvedByApi(app)
      assert.equal(everything.length, 125)

      const pages = [await app.inject('/status/history'), await app.inject('/status/history?page=2'), await app.inject('/status/history?page=3')]
      for (const [i, page] of pages.entries()) {
        assert.equal(page.statusCode, 200, page.body)
        assert.equal(page.headers['content-type'], 'text/html; charset=utf-8')
        assert.match(String(page.headers['cache-control']), /^public, max-age=15, s-maxage=\d+, /)
        assert.match(page.body, new RegExp(`data-page="${i + 1}" data-pages="3"`))
        assert.match(page.body, new RegExp(`<li class="pager-at">Page ${i + 1} of 3</li>`))
        // Said once, in the pager (the title and the description of the head say it for tabs and search results).
        const body = page.body.slice(page.body.indexOf('<body'))
        assert.equal(body.split(`Page ${i + 1} of 3`).length - 1, 1, `page ${i + 1}: its position once`)
      }
      assert.deepEqual(pages.map((page) => listed(page.body).length), [50, 50, 25])
      assert.deepEqual(pages.flatMap((page) => listed(page.body)), everything, 'every resolved incident once, in the API\'s order')

      // The status page shows the newest 50 resolved ones and links to page 2, which goes on from there.
      const status = await app.inject('/status')
      const onStatus = [...status.body.slice(status.body.indexOf('id="past-incidents"')).matchAll(/status\/incidents\/(\d+)">Details/g)].map(([, id]) => Number(id))
      assert.deepEqual(onStatus, everything.slice(0, 50))
      assert.match(status.body, /<p class="older-incidents"><a href="\/status\/history\?page=2">Older incidents<\/a><\/p><\/section>/)
      assert.match((await app.inject('/de/status')).body, /<a href="\/de\/status\/history\?page=2">Ältere Vorfälle<\/a>/)
      const markdown = await app.inject({ url: '/status.md', headers: { host: 'status.example' } })
      assert.match(markdown.body, /\nOlder incidents: <http:\/\/status\.example\/status\/history\?page=2>\n/)

      // Navigation: links with rel, Link headers before the discovery links, the end said on the last page only.
      const [first, second, last] = pages.map((page) => page.body)
      assert.doesNotMatch(first!, /rel="prev"/)
      assert.match(first!, /<a rel="next" href="\/status\/history\?page=2">Older incidents<\/a>/)
      assert.match(second!, /<a rel="prev" href="\/status\/history">Newer incidents<\/a>/)
      assert.match(second!, /<a rel="next" href="\/status\/history\?page=3">Older incidents<\/a>/)
      assert.match(last!, /<a rel="prev" href="\/status\/history\?page=2">/)
      assert.doesNotMatch(last!, /rel="next"/)
      assert.ok(!first!.includes('class="history-end"') && !second!.includes('class="history-end"'))
      assert.match(last!, /<p class="history-end">This is the end of the list: incidents resolved more than 90 days ago are not shown\.<\/p>/)
      assert.match(String(pages[0]!.headers.link), /^<\/status\/history\?page=2>; rel="next", <\/\.well-known\/api-catalog>; rel="api-catalog"/)
      assert.match(String(pages[1]!.headers.link), /^<\/status\/history>; rel="prev", <\/status\/history\?page=3>; rel="next", </)
      assert.match(String(pages[2]!.headers.link), /^<\/status\/history\?page=2>; rel="prev", <\/\.well-known/)
      assert.equal((await app.inject('/status')).headers.link, '</.well-known/api-catalog>; rel="api-catalog", </sitemap.xml>; rel="sitemap"; type="application/xml", </llms.txt>; rel="describedby"; type="text/plain"', 'other pages keep theirs alone')
      assert.match(first!, /<title>Past incidents \(90 days\), Page 1 of 3 – System status<\/title>/)
      assert.match(first!, /<h2 class="incident-title">Old 124<\/h2>/, 'the newest first, titled as on the status page')
      assert.match(last!, /<h2 class="incident-title">Old 0<\/h2>/)
      assert.match(first!, /href="[^"]*\/de\/status\/history" hreflang="de"|hreflang="de" href="[^"]*\/de\/status\/history"/)
      assert.match(second!, /hreflang="de" href="[^"]*\/de\/status\/history\?page=2"/)
      assert.equal((await app.inject(`/status/incidents/${listed(last!).at(-1)}`)).statusCode, 200, 'the oldest links to its page')
      assert.equal((await app.inject('/status/history?page=1')).body, first, '?page=1 is the first page')

      const german = await app.inject('/de/status/history?page=3')
      assert.equal(german.statusCode, 200)
      assert.match(german.body, /<html lang="de">/)
      assert.match(german.body, /<h1 id="history-title">Frühere Vorfälle \(90 Tage\)<\/h1>/)
      assert.match(german.body, /<li class="pager-at">Seite 3 von 3<\/li>/)
      assert.match(german.body, /<a rel="prev" href="\/de\/status\/history\?page=2">Neuere Vorfälle<\/a>/)
      assert.match(german.body, /Hier endet die Liste/)
      assert.match(german.body, /href="\/de\/status\/incidents\/\d+">Details und alle Meldungen/)
      assert.match(String(german.headers.link), /^<\/de\/status\/history\?page=2>; rel="prev", /)
      assert.deepEqual(listed(german.body), listed(last!))
    })

    it('answers 304 to its ETag and compresses; a page changes only with the list', async (t) => {
      const test = await buildTestApp(t, await backend.env())
      await seed(test, 60, 0)
      const { app } = test
      const page = await app.inject('/status/history?page=2')
      const etag = String(page.headers.etag)
      const again = await app.inject({ url: '/status/history?page=2', headers: { 'if-none-match': etag } })
      assert.equal(again.statusCode, 304)
      assert.equal(again.body, '')
      const brotli = await app.inject({ url: '/status/history', headers: { 'accept-encoding': 'br' } })
      assert.equal(brotli.headers['content-encoding'], 'br')
      assert.match(String(brotli.headers.vary), /Accept-Encoding/)
      await test.context.incidents.refresh()
      assert.equal((await app.inject('/status/history?page=2')).headers.etag, etag, 'an idle refresh changes nothing')
      // A newly resolved incident takes the top of page 1 and pushes one down onto page 2.
      const id = await insertIncident(test.context.database.db, { title: 'New one', impact: 'minor', status: 'investigating', message: 'Slow.', at: new Date(Date.now() - MINUTE).toISOString() })
      await resolveIncident(test.context.database.db, id, 'Fast again.', Date.now())
      await test.context.incidents.refresh()
      const moved = await app.inject('/status/history?page=2')
      assert.notEqual(moved.headers.etag, etag)
      assert.equal(listed(moved.body).length, 11)
      assert.equal(listed((await app.inject('/status/history')).body)[0], id)
    })

    it('answers a malformed page number 400 and one past the last 404, in the browser\'s form for pages', async (t) => {
      const test = await buildTestApp(t, await backend.env())
      await seed(test, 3, 1)
      const { app } = test
      for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=1e2', 'page=', 'page=0x2', 'page=2&page=3', 'page=1&page=1', 'page=99999999999', 'page=%201']) {
        const response = await app.inject(`/status/history?${query}`)
        assert.equal(response.statusCode, 400, query)
        assert.match(String(response.headers['content-type']), /^application\/problem\+json/, query)
        assert.match((JSON.parse(response.body) as { detail: string }).detail, /"page"/, query)
      }
      for (const url of ['/status/history?page=2', '/de/status/history?page=2147483647']) {
        const problem = await app.inject(url)
        assert.equal(problem.statusCode, 404, url)
        assert.match(String(problem.headers['content-type']), /^application\/problem\+json/, url)
        const page = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
        assert.equal(page.statusCode, 404, url)
        assert.match(String(page.headers['content-type']), /^text\/html/, url)
      }
      assert.match((await app.inject({ url: '/de/status/history?page=9', headers: { accept: 'text/html' } })).body, /Seite nicht gefunden/)
      assert.equal((await app.inject('/status/history?other=1')).statusCode, 200, 'other parameters are ignored')
      assert.equal((await app.inject({ method: 'HEAD', url: '/status/history' })).statusCode, 200)
    })

    it('a short history is one page that says it is the end, and the status page does not link to it', async (t) => {
      const test = await buildTestApp(t, await backend.env())
      await seed(test, 50, 1)
      const { app } = test
      const only = await app.inject('/status/history')
      assert.equal(listed(only.body).length, 50)
      assert.match(only.body, /data-page="1" data-pages="1"/)
      assert.match(only.body, /class="history-end"/)
      assert.doesNotMatch(only.body, /rel="(?:prev|next)"/)
      assert.match(String(only.headers.link), /^<\/\.well-known\/api-catalog>/)
      assert.equal((await app.inject('/status/history?page=2')).statusCode, 404)
      const status = await app.inject('/status')
      assert.doesNotMatch(status.body, /older-incidents|status\/history/)
      assert.doesNotMatch((await app.inject('/status.md')).body, /Older incidents/)

      // The 51st resolved one is more than the status page shows: then it links to page 2.
      await seed(test, 1, 0)
      assert.match((await app.inject('/status')).body, /<a href="\/status\/history\?page=2">Older incidents<\/a>/)
      assert.match((await app.inject('/status.md')).body, /Older incidents: </)
      assert.deepEqual(listed((await app.inject('/status/history?page=2')).body).length, 1)
    })

    it('an empty history says there were no incidents', async (t) => {
      const test = await buildTestApp(t, await backend.env())
      await test.context.incidents.refresh()
      const empty = await test.app.inject('/de/status/history')
      assert.equal(empty.statusCode, 200)
      assert.match(empty.body, /<p class="none">Keine Vorfälle in den letzten 90 Tagen\.<\/p>/)
      // One page: nowhere to go, so no pager and no "Seite 1 von 1" anywhere.
      assert.doesNotMatch(empty.body, /Seite 1 von 1/)
      assert.doesNotMatch(empty.body, /class="pager"/)
      assert.match(empty.body, /<title>Frühere Vorfälle \(90 Tage\) – Systemstatus<\/title>/)
      assert.match(empty.body, /<p class="history-end">Hier endet die Liste/)
    })
  })
}
