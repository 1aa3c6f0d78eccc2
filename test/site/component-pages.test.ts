// /status/components/{id}, English and German, on the whole app with a status file: the model's status and words,
// what names the component (linked), its latency sparkline, its uptime and last day; 404 for an undeclared id; the
// status page and the maintenance page link to it.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { componentSite } from './component-site.ts'

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

/** The root element's data attributes, as `[component, status]`. */
function rootData (html: string): [string, string] | undefined {
  const match = /<div class="status-page permalink component-page" data-component="([^"]*)" data-status="([^"]*)">/.exec(html)
  return match === null ? undefined : [match[1]!, match[2]!]
}

describe('component pages', () => {
  it('say beside the bars that they are measured while the status counts the incident, in English and German', async (t) => {
    const { app } = await componentSite(t)
    for (const [url, status, note] of [
      ['/status/components/database', 'Partial outage', 'These bars and the last 24 hours show what the checks measured. A component&#39;s status also counts open incidents and maintenance, so it can differ from its bars.'],
      ['/de/status/components/database', 'Teilausfall', 'Diese Balken und die letzten 24 Stunden zeigen, was die Prüfungen gemessen haben. Der Status einer Komponente berücksichtigt auch offene Vorfälle und Wartungen und kann daher von ihren Balken abweichen.']
    ] as const) {
      const html = (await app.inject(url)).body
      assert.ok(html.includes(`<dd>${status}`), `${url}: the incident's status`)
      const uptime = html.slice(html.indexOf('<section id="uptime"'), html.indexOf('<section id="last-day"'))
      assert.ok(uptime.includes(`<p class="meta bars-measured">${note}</p><div class="bar" data-uptime="database">`), `${url}: the note right above the bar`)
    }
    const status = (await app.inject('/status')).body
    assert.ok(status.slice(status.indexOf('<section id="uptime"')).includes('<p class="meta bars-measured">These bars'), 'the status page\'s bars too')
  })

  it('show a component with history and an open incident in English: status, group, incident, sparkline, uptime, last day', async (t) => {
    const { app, incident } = await componentSite(t)
    const detail = (await app.inject('/api/v1/health/components/database')).json()
    assert.equal(detail.component.status, 'partial_outage', 'the major incident naming it')

    const page = await app.inject('/status/components/database')
    assert.equal(page.statusCode, 200)
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8')
    assert.match(String(page.headers['cache-control']), /^public, max-age=15, s-maxage=\d+, /)
    assert.match(String(page.headers.link), /rel="api-catalog"/)
    assert.equal(page.headers['x-robots-tag'], undefined)
    const html = page.body
    assert.deepEqual(rootData(html), ['database', detail.component.status])
    assert.match(html, /<title>Database: Partial outage – Acme status<\/title>/)
    assert.match(html, /<h1 id="component-title" class="component-name">Database<\/h1>/)
    assert.match(html, /Where every setting is kept\./)
    assert.match(html, /<dt>Group<\/dt><dd>Core services<\/dd>/)
    assert.match(html, /<dt>Status now<\/dt><dd>Partial outage/)
    assert.match(html, new RegExp(`<a href="/status/incidents/${incident}">Slow &lt;settings&gt;</a>`))
    assert.match(html, /<svg class="sparkline"[^>]*>.*<path class="sparkline-line" d="M\d/)
    assert.match(html, /Median \d+ ms, highest 3\d\d ms, over \d+ measured minutes\./)
    assert.match(html, /<div class="bar" data-uptime="database">/)
    assert.equal((html.match(/<li class="day day--/g) ?? []).length, 90)
    assert.match(html, /class="day day--down dm2[^"]*"/, 'the day with 9 minutes down')
    assert.match(html, /<ol class="days strip"/)
    assert.equal((html.match(/<li class="slot day--/g) ?? []).length, 96)
    assert.match(html, /<th scope="col">Response time \(median\)<\/th>/)
    assert.match(html, /hreflang="de" href="[^"]*\/de\/status\/components\/database"/)
    assert.doesNotMatch(html, /<script/, 'no script needed')

    const again = await app.inject({ url: '/status/components/database', headers: { 'if-none-match': String(page.headers.etag) } })
    assert.equal(again.statusCode, 304)
  })

  it('show the same component in German, with German words and links under the German prefix', async (t) => {
    const { app, incident } = await componentSite(t)
    const page = await app.inject('/de/status/components/database')
    assert.equal(page.statusCode, 200)
    const html = page.body
    assert.match(html, /<html lang="de">/)
    assert.deepEqual(rootData(html), ['database', 'partial_outage'])
    assert.match(html, /<title>Datenbank: Teilausfall – Acme Status<\/title>/)
    assert.match(html, /Wo alle Einstellungen liegen\./)
    assert.match(html, /<dt>Gruppe<\/dt><dd>Kerndienste<\/dd>/)
    assert.match(html, new RegExp(`<a href="/de/status/incidents/${incident}">`))
    assert.match(html, /Antwortzeit, letzte 24 Stunden/)
    assert.match(html, /Verfügbarkeit, letzte 90 Tage/)
    assert.match(html, /<a href="\/de\/status">Zurück zum Systemstatus<\/a>/)
    assert.match(html, /hreflang="en" href="[^"]*\/status\/components\/database"/)
  })

  it('carry each component\'s id and status exactly as the model has them, the active window linked', async (t) => {
    const { app, window } = await componentSite(t)
    const model = (await app.inject('/api/v1/health/components')).json() as { components: Array<{ id: string, status: string }> }
    assert.deepEqual(model.components.map((c) => c.id), ['database', 'cache', 'api'])
    for (const component of model.components) {
      for (const prefix of ['', '/de']) {
        const page = await app.inject(`${prefix}/status/components/${component.id}`)
        assert.equal(page.statusCode, 200, component.id)
        assert.deepEqual(rootData(page.body), [component.id, component.status], `${prefix} ${component.id}`)
      }
    }
    const api = (await app.inject('/status/components/api')).body
    assert.equal(rootData(api)?.[1], 'under_maintenance')
    assert.match(api, new RegExp(`<a href="/status/maintenance/${window}">API upgrade</a>`))
    assert.match(api, /No response time was measured in the last 24 hours\./)
    const cache = (await app.inject('/status/components/cache')).body
    assert.match(cache, /No open incident or maintenance names this component\./)
  })

  it('answer an undeclared id with the site\'s 404 page for browsers and a problem for everyone else', async (t) => {
    const { app } = await componentSite(t)
    for (const [url, words] of [['/status/components/nope', 'Page not found'], ['/de/status/components/legacy-api', 'Seite nicht gefunden'], ['/status/components/overall', 'Page not found']] as const) {
      const page = await app.inject({ url, headers: HTML })
      assert.equal(page.statusCode, 404, url)
      assert.match(String(page.headers['content-type']), /^text\/html/, url)
      assert.match(page.body, new RegExp(words), url)
      const problem = await app.inject(url)
      assert.equal(problem.statusCode, 404, url)
      assert.match(String(problem.headers['content-type']), /^application\/problem\+json/, url)
    }
  })

  it('are linked from the status page\'s components and from incident and maintenance pages; the maintenance page lists what it names', async (t) => {
    const { app, incident, window } = await componentSite(t)
    const status = (await app.inject('/status')).body
    for (const [id, name] of [['database', 'Database'], ['cache', 'Cache'], ['api', 'Public API']]) {
      assert.match(status, new RegExp(`<h[34] class="component-name"><a href="/status/components/${id}">${name}</a></h[34]>`), id)
    }
    assert.match((await app.inject('/de/status')).body, /<a href="\/de\/status\/components\/api">Öffentliche API<\/a>/)

    const incidentPage = (await app.inject(`/status/incidents/${incident}`)).body
    assert.match(incidentPage, /<ul class="affected-list"><li><a href="\/status\/components\/database">Database<\/a>/)

    const maintenance = (await app.inject(`/status/maintenance/${window}`)).body
    assert.match(maintenance, /<span class="affected-label">Affected:<\/span> <ul class="affected-list"><li><a href="\/status\/components\/api">Public API<\/a><\/li><li>legacy-api<\/li><\/ul>/)
    const wartung = (await app.inject(`/de/status/maintenance/${window}`)).body
    assert.match(wartung, /<span class="affected-label">Betroffen:<\/span> <ul class="affected-list"><li><a href="\/de\/status\/components\/api">Öffentliche API<\/a><\/li><li>legacy-api<\/li><\/ul>/)
  })

  it('say noindex on staging, like every HTML page there', async (t) => {
    const { app } = await componentSite(t, { DEPLOY_ENV: 'staging' })
    const page = await app.inject('/de/status/components/cache')
    assert.equal(page.statusCode, 200)
    assert.equal(page.headers['x-robots-tag'], 'noindex')
    assert.doesNotMatch(String(page.headers.link), /api-catalog/)
  })

  it('are listed in the sitemap in both languages', async (t) => {
    const { app } = await componentSite(t)
    const sitemap = (await app.inject({ url: '/sitemap.xml', headers: { host: 'status.test' } })).body
    for (const id of ['database', 'cache', 'api']) {
      assert.match(sitemap, new RegExp(`<loc>http://status\\.test/status/components/${id}</loc>`), id)
      assert.match(sitemap, new RegExp(`<loc>http://status\\.test/de/status/components/${id}</loc>`), id)
    }
  })
})
