// The home and status pages as HTML: every section from the fixture data, both languages, escaping, partial
// failures, the headers every HTML page carries, and the 24-hour slots.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { brotliCompressSync, constants } from 'node:zlib'
import { lastDaySlots } from '../../src/view/status-view.js'
import { sitePages } from '../../src/site/home-and-status-pages.ts'
import * as data from './fixtures.ts'
import { NOW, XSS_TITLE, history } from './fixtures.ts'
import { buildSiteApp } from './site-app.ts'

const SECTIONS = ['overall', 'active-incidents', 'maintenance', 'components', 'upcoming-maintenance', 'shard-finder', 'shards', 'uptime', 'last-day', 'platform', 'past-incidents']

/** The attribute or text of every match of `pattern` (one capture group) in `html`. */
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1])

describe('status page', () => {
  it('renders every section, complete without JavaScript, from the status data', async (t) => {
    const { app } = await buildSiteApp(t)
    const response = await app.inject('/status')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
    const html = response.body
    assert.match(html, /<html lang="en">/)
    for (const id of SECTIONS) assert.match(html, new RegExp(`<section id="${id}"[^>]*>`), id)
    assert.doesNotMatch(html, /<section id="maintenance"[^>]*hidden/, 'an active window shows its banner')
    // The headline is the model's indicator: a minor incident is open.
    assert.match(html, /<title>System status – Minor service disruption<\/title>/)
    assert.match(html, /<h2 id="overall-title">Minor service disruption<\/h2>/)
    assert.match(html, /<div id="status" [^>]*data-indicator="minor">/)
    const order = SECTIONS.map((id) => html.indexOf(`<section id="${id}"`))
    assert.deepEqual([...order].sort((a, b) => a - b), order, 'sections in page order: what is going on now first, planned work after the components')
    assert.match(html, /Maintenance in progress: Database upgrade/)
    assert.match(html, /Cache cluster resize/)
    assert.match(html, /14 of 16 shards connected/)
    assert.match(html, /Response time: 1\.4 ms/)
    assert.match(html, /Two shards lost their gateway session/)
    assert.match(html, /could not be reached just now: this is the last known status/, 'stale Discord value is called stale')
    assert.match(html, /Last updated: <time id="last-updated" datetime="2026-11-21T12:03:00.000Z">21 Nov 2026, 12:03 UTC<\/time>/)

    // 90 days for overall and each component, every day labelled with its date and percent.
    const days = all(html, /<li class="day day--(\w+)[^"]*"/g)
    assert.equal(days.length, 4 * 90)
    assert.deepEqual(new Set(days), new Set(['ok', 'degraded', 'down', 'no_data']))
    const labels = all(html, /<li class="day day--[^"]+" title="([^"]+)"/g)
    assert.equal(labels[0], '24 Aug 2026: 100% uptime · Operational')
    assert.equal(labels[3], '27 Aug 2026: no data')
    assert.equal(labels[41], '4 Oct 2026: 97.36% uptime · Down · 38 min down', 'truncated, never rounded up; minutes down')
    // Shaded by minutes down (38: the third shade), and the day of the database failover links to it.
    assert.match(html, /<li class="day day--down dm3 has-incident" title="4 Oct 2026[^"]*"><a href="\/status\/incidents\/7"><span class="vh">[^<]*Database failover<\/span><\/a><\/li>/)
    assert.match(html, /<li class="day day--down dm2[^"]*" title="20 Nov 2026: 99\.02% uptime · Down · 14 min down"/)
    // Narrow screens say what the shortened bars show.
    assert.match(html, /<h2 id="uptime-title"><span class="wide">Uptime, last 90 days<\/span><span class="narrow">Uptime, last 30 days<\/span><\/h2>/)
    assert.match(html, /<h2 id="last-day-title"><span class="wide">Last 24 hours<\/span><span class="narrow">Last 12 hours<\/span><\/h2>/)
    assert.match(html, /Overall<\/h3><span class="bar-percent"><span class="wide">99\.98% uptime<\/span><span class="narrow">99\.96% uptime<\/span>/)
    // The last 24 hours in 96 slots.
    assert.equal(all(html, /<li class="slot day--(\w+)"/g).length, 96)
    assert.match(html, /<span class="wide">1400 of 1440 minutes recorded, 14 minutes down\.<\/span><span class="narrow">720 of 720 minutes recorded, 14 minutes down\.<\/span>/)
  })

  it('renders the German page under the configured prefix with German words and numbers', async (t) => {
    const { app } = await buildSiteApp(t, { env: { GERMAN_PREFIX: '/de-ch' } })
    assert.equal((await app.inject('/de/status')).statusCode, 404)
    const response = await app.inject('/de-ch/status')
    assert.equal(response.statusCode, 200)
    const html = response.body
    assert.match(html, /<html lang="de">/)
    assert.match(html, /<title>Systemstatus – Kleinere Störung<\/title>/)
    assert.match(html, /14 von 16 Shards verbunden/)
    assert.match(html, /99,98\u00a0% verfügbar/, 'German number format (no-break space before %)')
    // Absolute alternates (on the request's origin), the page itself included, and x-default: the English page.
    assert.match(html, /<link rel="alternate" hreflang="en" href="http:\/\/localhost\/status">\n<link rel="alternate" hreflang="de" href="http:\/\/localhost\/de-ch\/status">\n<link rel="alternate" hreflang="fr" href="http:\/\/localhost\/fr\/status">\n<link rel="alternate" hreflang="es" href="http:\/\/localhost\/es\/status">\n<link rel="alternate" hreflang="pt-BR" href="http:\/\/localhost\/pt-br\/status">\n<link rel="alternate" hreflang="x-default" href="http:\/\/localhost\/status">/)
    assert.doesNotMatch(html, /origin\.invalid/)
    assert.match(html, /<nav class="lang-menu" aria-label="Sprachen"><ul><li><a href="\/status" hreflang="en" lang="en">English<\/a><\/li><li><a href="\/de-ch\/status" aria-current="true" lang="de">Deutsch<\/a><\/li>/)
    assert.match(html, /<a href="\/de-ch\/status" aria-current="page">Status<\/a>/)
    assert.match(html, /data-locale="de"/)
    const english = (await app.inject('/status')).body
    assert.match(english, /<li><a href="\/de-ch\/status" hreflang="de" lang="de">Deutsch<\/a><\/li>/)
    assert.match(english, /<li><a href="\/pt-br\/status" hreflang="pt-BR" lang="pt-BR">Português \(Brasil\)<\/a><\/li>/)
  })

  it('shows incident titles, messages and upstream names as text, and links only http(s) URLs', async (t) => {
    const { app } = await buildSiteApp(t)
    const html = (await app.inject('/status')).body
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'))
    assert.ok(!html.includes(XSS_TITLE))
    assert.ok(!html.includes('<script>alert'))
    assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; stays text.'))
    assert.ok(html.includes('Looking into &lt;b&gt;this&lt;/b&gt;.'))
    assert.ok(html.includes('<a href="https://discordstatus.com/incidents/abc" rel="external noopener">Increased gateway latency</a>'))
    assert.ok(!html.includes('javascript:'), 'a javascript: URL never becomes a link')
    assert.match(html, /A link that is not a link/)
  })

  it('has no inline script, inline style or event handler attribute (the CSP forbids them)', async (t) => {
    const { app } = await buildSiteApp(t)
    for (const url of ['/status', '/de/status', '/', '/de']) {
      const html = (await app.inject(url)).body
      assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, `${url}: every script has a src`)
      assert.doesNotMatch(html, /<style/, url)
      assert.doesNotMatch(html, /\sstyle=/, url)
      assert.doesNotMatch(html, /<[^>]*\son[a-z]+=/, url)
    }
  })

  it('tells each page indicator in the headline with its own words, colour and icon, in both languages', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    const body = fixture.components()
    const cases = [
      ['none', 'ok', 'All systems operational', 'Alle Systeme betriebsbereit'],
      ['minor', 'degraded', 'Minor service disruption', 'Kleinere Störung'],
      ['major', 'partial', 'Partial outage', 'Teilausfall'],
      ['critical', 'down', 'Major outage', 'Schwerer Ausfall'],
      ['maintenance', 'maintenance', 'Maintenance in progress', 'Wartung läuft']
    ] as const
    // Whatever the health body says: the headline reads the model only.
    fixture.healthBody = { ...fixture.health(), status: 'down' }
    for (const [indicator, kind, en, de] of cases) {
      fixture.componentsBody = { ...body, indicator }
      for (const [url, words, title] of [['/status', en, 'System status'], ['/de/status', de, 'Systemstatus']] as const) {
        const html = (await app.inject(url)).body
        assert.match(html, new RegExp(`<section id="overall" class="overall overall--${kind}" data-indicator="${indicator}"[^>]*><div class="overall-icon"><svg[^>]*aria-hidden="true"`))
        assert.match(html, new RegExp(`<h2 id="overall-title">${words}</h2>`))
        assert.match(html, new RegExp(`<div id="status" [^>]*data-indicator="${indicator}">`))
        assert.match(html, new RegExp(`<title>${title} – ${words}</title>`))
      }
    }
  })

  it('says how many components have not reported yet, and never that all systems are operational while some have not', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    const body = fixture.components()
    assert.equal(body.components.length, 3)
    const cases = [
      ['none', 1, 'ok', 'All reporting systems operational; 1 component has not reported yet', 'The components that have reported are running normally; the status of the others is not known yet.',
        'Alle meldenden Systeme betriebsbereit; 1 Komponente hat sich noch nicht gemeldet', 'Die Komponenten, die sich gemeldet haben, laufen normal; der Status der übrigen ist noch nicht bekannt.'],
      ['none', 3, 'unknown', 'No component has reported yet', 'Nothing has been measured yet, so the status is not known.',
        'Noch hat sich keine Komponente gemeldet', 'Noch wurde nichts gemessen, daher ist der Status nicht bekannt.'],
      ['minor', 2, 'degraded', 'Minor service disruption', 'Some parts are slower or less reliable than usual. We are on it. 2 components have not reported yet.',
        'Kleinere Störung', 'Einige Teile sind langsamer oder weniger zuverlässig als sonst. Wir kümmern uns darum. 2 Komponenten haben sich noch nicht gemeldet.']
    ] as const
    for (const [indicator, unknownComponents, kind, en, enDetail, de, deDetail] of cases) {
      fixture.componentsBody = { ...body, indicator, unknownComponents }
      for (const [url, words, detail] of [['/status', en, enDetail], ['/de/status', de, deDetail]] as const) {
        const html = (await app.inject(url)).body
        assert.match(html, new RegExp(`<section id="overall" class="overall overall--${kind}" data-indicator="${indicator}"`), `${url} ${indicator} ${unknownComponents}`)
        assert.ok(html.includes(`<h2 id="overall-title">${words}</h2><p>${detail}</p>`), `${url} ${indicator} ${unknownComponents}`)
      }
    }
  })

  it('still renders when parts of the data are not available, saying which', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    fixture.historyBody = new Error('database gone')
    fixture.discordBody = undefined
    let html = (await app.inject('/status')).body
    assert.match(html, /<section id="uptime"[^>]*><h2[^>]*><span class="wide">Uptime, last 90 days<\/span>.*?<\/h2><p class="unavailable">/)
    assert.match(html, /The status of Discord is not available right now\./)
    assert.match(html, /14 of 16 shards connected/)
    assert.ok(!html.includes('database gone'), 'no error text on the page')

    fixture.componentsBody = new Error('x')
    fixture.healthBody = new Error('x')
    fixture.incidentsBody = new Error('x')
    fixture.discordBody = new Error('x')
    const response = await app.inject('/status')
    assert.equal(response.statusCode, 200)
    html = response.body
    for (const id of SECTIONS.filter((id) => id !== 'maintenance' && id !== 'upcoming-maintenance')) assert.match(html, new RegExp(`<section id="${id}"`), id)
    assert.match(html, /<title>System status<\/title>/)
    assert.match(html, /data-indicator="unknown"/)
  })

  it('renders no maintenance section content when no window is active or upcoming', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    fixture.incidentsBody = { maintenance: null, upcomingMaintenance: [], incidents: [] }
    const html = (await app.inject('/status')).body
    assert.match(html, /<section id="maintenance" class="maintenance-slot" aria-label="Maintenance" hidden><\/section>/)
    assert.match(html, /<section id="upcoming-maintenance" class="maintenance-slot" aria-label="Upcoming maintenance" hidden><\/section>/)
    assert.match(html, /No active incidents\./)
    assert.match(html, /No incidents in the last 90 days\./)
  })

  it('refreshes every 60 seconds unless a test sets a shorter interval', async (t) => {
    const normal = await buildSiteApp(t)
    assert.match((await normal.app.inject('/status')).body, /data-refresh-seconds="60"/)
    const quick = await buildSiteApp(t, { refreshSeconds: 2 })
    assert.match((await quick.app.inject('/status')).body, /data-refresh-seconds="2"/)
  })

  it('carries the HTML headers: Link, CSP, short caching, ETag; noindex on staging', async (t) => {
    const { app } = await buildSiteApp(t)
    const response = await app.inject('/status')
    assert.match(String(response.headers.link), /<\/\.well-known\/api-catalog>; rel="api-catalog"/)
    assert.match(String(response.headers['content-security-policy']), /script-src 'self'; style-src 'self'/)
    assert.equal(response.headers['cache-control'], 'public, max-age=10')
    assert.ok(response.headers.etag)
    assert.equal((await app.inject({ url: '/status', headers: { 'if-none-match': String(response.headers.etag) } })).statusCode, 304)

    const staging = await buildSiteApp(t, { env: { DEPLOY_ENV: 'staging' } })
    assert.equal((await staging.app.inject('/status')).headers['x-robots-tag'], 'noindex')
    assert.equal((await staging.app.inject('/')).headers['x-robots-tag'], 'noindex')
  })

  it('shows a notice on every page when asked (the demo marks its data that way)', async (t) => {
    const { app } = await buildSiteApp(t, { notice: 'Demo data: nothing on this page is real.' })
    for (const url of ['/', '/status']) {
      assert.match((await app.inject(url)).body, /<p class="site-notice" role="note">Demo data: nothing on this page is real\.<\/p>/)
    }
    // English text on a German page says so.
    assert.match((await app.inject('/de/status')).body, /<p class="site-notice" role="note" lang="en">Demo data: nothing on this page is real\.<\/p>/)
  })
})

describe('home page', () => {
  it('links the status page, the API docs and the other language, in both languages', async (t) => {
    const { app } = await buildSiteApp(t)
    const english = await app.inject('/')
    assert.equal(english.statusCode, 200)
    assert.equal(english.headers['cache-control'], 'public, max-age=60')
    assert.match(english.body, /<html lang="en">/)
    const links = all(english.body, /<li class="link-card"><a href="([^"]+)"/g)
    assert.deepEqual(links, ['/status', '/docs/api', '/de'])
    assert.match(english.body, /<p class="home-status overall--degraded"><span>Right now:<\/span> <a href="\/status">Minor service disruption<\/a>/)

    const german = await app.inject('/de')
    assert.match(german.body, /<html lang="de">/)
    assert.deepEqual(all(german.body, /<li class="link-card"><a href="([^"]+)"/g), ['/de/status', '/de/docs/api', '/'])
    assert.match(german.body, /<a href="\/de" aria-current="page"|<a class="brand" href="\/de">/)
  })

  it('still answers when the status is not available', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    fixture.componentsBody = new Error('x')
    const response = await app.inject('/')
    assert.equal(response.statusCode, 200)
    assert.match(response.body, /The current status is not available right now\./)
  })
})

describe('site pages', () => {
  it('lists home, status, the first page of the history and the uptime calendar in every language, German under the German prefix', () => {
    const more = (path: string) => ({ fr: `/fr${path}`, es: `/es${path}`, 'pt-BR': `/pt-br${path}` })
    assert.deepEqual(sitePages('/de-at').pages(), [
      { en: '/', de: '/de-at', fr: '/fr', es: '/es', 'pt-BR': '/pt-br', title: { en: 'Status service', de: 'Statusdienst' } },
      { en: '/status', de: '/de-at/status', ...more('/status'), title: { en: 'System status', de: 'Systemstatus' } },
      { en: '/status/history', de: '/de-at/status/history', ...more('/status/history'), title: { en: 'Past incidents (90 days)', de: 'Frühere Vorfälle (90 Tage)' } },
      { en: '/status/uptime', de: '/de-at/status/uptime', ...more('/status/uptime'), title: { en: 'Uptime calendar', de: 'Verfügbarkeitskalender' } }
    ])
  })

  it('lists only the served languages (LANGUAGES)', () => {
    assert.deepEqual(sitePages('/de', undefined, ['en', 'fr']).pages()[1], { en: '/status', fr: '/fr/status', title: { en: 'System status', de: 'Systemstatus' } })
  })

  it('follows them with each declared component\'s page, in page order, named as declared', () => {
    const pages = sitePages('/de-at', data.groupedDeclaration()).pages()
    assert.deepEqual(pages.slice(4).map((pair) => [pair.en, pair.de]), data.groupedDeclaration().components.map((c) => [`/status/components/${c.id}`, `/de-at/status/components/${c.id}`]))
    assert.deepEqual(pages.find((pair) => pair.en === '/status/components/music')?.title, { en: 'Music', de: 'Musik' })
  })
})

describe('last 24 hours', () => {
  it('puts the checks into 96 slots of 15 minutes, each the worst status seen, no_data where nothing was recorded', () => {
    const body = history(NOW)
    const slots = lastDaySlots(body)
    assert.equal(slots.length, 96)
    assert.equal(new Date(slots[95]!.to).toISOString(), '2026-11-21T12:15:00.000Z')
    assert.equal(new Date(slots[0]!.from).toISOString(), '2026-11-20T12:15:00.000Z')
    const at = (iso: string) => slots.find((slot) => slot.from === Date.parse(iso))!.status
    // The gap: minutes 290–329 after 12:04 yesterday, i.e. 16:54–17:33; 17:00–17:15 and 17:15–17:30 are empty.
    assert.equal(at('2026-11-20T17:00:00.000Z'), 'no_data')
    assert.equal(at('2026-11-20T17:15:00.000Z'), 'no_data')
    assert.equal(at('2026-11-20T16:45:00.000Z'), 'ok')
    // The outage: minutes 1100–1113 (06:24–06:37) down, then degraded to 06:43.
    assert.equal(at('2026-11-21T06:15:00.000Z'), 'down')
    assert.equal(at('2026-11-21T06:30:00.000Z'), 'down')
    assert.equal(at('2026-11-21T06:45:00.000Z'), 'ok')
    assert.deepEqual(new Set(slots.map((slot) => slot.status)), new Set(['ok', 'down', 'no_data']))
  })
})

describe('shards on the status page', () => {
  it('answers "Find your server" without JavaScript: an id or a message link names shard, cluster and state', async (t) => {
    const { app } = await buildSiteApp(t)
    // 81384788765712384 >> 22 is 19403570422, which is 2 modulo 16: shard 2 of cluster 0 (four shards per cluster).
    const byId = await app.inject('/status?guild=81384788765712384')
    assert.equal(byId.statusCode, 200)
    assert.match(byId.body, /<div id="guild-answer" class="guild-answer" role="status"><p class="answer answer--ok" data-guild="81384788765712384">[^]*Server 81384788765712384 is on shard 2 in cluster 0: Ready\. It is connected\./)
    assert.match(byId.body, /<input id="guild-input" name="guild" value="81384788765712384"/)
    // 2^64 - 1 is shard 15 of 16 (cluster 3); shard 5 is reconnecting in the fixture, found from a message link.
    const link = encodeURIComponent('https://discord.com/channels/18446744073709551615/381870553235193857/1046084127234203698')
    assert.match((await app.inject(`/status?guild=${link}`)).body, /is on shard 15 in cluster 3: Ready/)
    const plain = await app.inject('/status')
    assert.match(plain.body, /<div id="guild-answer" class="guild-answer" role="status"><\/div>/)
    assert.match(plain.body, /<form class="guild-form" method="get" action="\/status" role="search">/)
    const invalid = await app.inject('/status?guild=%3Cscript%3E')
    assert.match(invalid.body, /answer--down">That is neither a server ID/)
    assert.match(invalid.body, /value="&lt;script&gt;"/)
    assert.doesNotMatch(invalid.body, /<script>/)
    const german = await app.inject('/de/status?guild=81384788765712384')
    assert.match(german.body, /liegt auf Shard 2 in Cluster 0: Bereit\. Er ist verbunden\./)
    assert.match(german.body, /action="\/de\/status"/)
  })

  it('says when no shard has reported, and draws every shard in its cluster with state by class and title', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    const html = (await app.inject('/status')).body
    assert.equal(all(html, /<li class="s-(\w+)" aria-label="Shard \d+: [^"]+" title="/g).length, 16)
    assert.match(html, /<li class="s-reconnecting" aria-label="Shard 5: reconnecting, 65 ms" title="65 ms · 12:02">5<\/li>/)
    assert.match(html, /<details class="cluster" data-key="cluster-1" open>/)
    assert.match(html, /14 of 16 shards connected<\/strong> · 1 Reconnecting, 1 Silent/)
    fixture.shardsBody = undefined
    const none = (await app.inject('/status?guild=81384788765712384')).body
    assert.match(none, /No bot shard has reported yet\./)
    assert.match(none, /answer--unknown">No shard has reported yet/)
  })

  it('keeps 1,000 shards readable and the page under 180 KB (12 KB compressed): clusters folded unless a shard in them is not ready', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    fixture.shardsBody = data.shards(1000, 16, { 77: 'reconnecting', 500: 'disconnected', 501: 'silent', 999: 'missing' })
    const html = (await app.inject('/status')).body
    assert.equal(all(html, /<li class="s-(\w+)"/g).length, 1000)
    const bytes = Buffer.byteLength(html)
    // Each cell's accessible name ("Shard 77: reconnecting, 61 ms") costs ~33 bytes a shard (issue 34): 150 KB before.
    assert.ok(bytes < 180 * 1024, `${bytes} bytes`)
    const compressed = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length
    assert.ok(compressed < 12 * 1024, `${compressed} bytes as sent with br`)
    t.diagnostic(`status page with 1,000 shards: ${bytes} bytes, ${compressed} with br`)
    const open = all(html, /<details class="cluster" data-key="cluster-(\d+)" open>/g)
    assert.deepEqual(open, ['4', '31', '62'], 'only clusters with a shard not ready start open')
    assert.equal(all(html, /<details class="cluster" data-key="cluster-\d+"/g).length, 63)
  })
})

describe('English text on German pages', () => {
  it('carries lang="en": probe messages and Discord\'s own names', async (t) => {
    const { app } = await buildSiteApp(t)
    const german = (await app.inject('/de/status')).body
    assert.match(german, /<li lang="en">Two shards are reconnecting\.<\/li>/)
    assert.match(german, /<span class="name" lang="en">Media Proxy<\/span>/)
    assert.match(german, /rel="external noopener" lang="en">Increased gateway latency<\/a>/)
    const english = (await app.inject('/status')).body
    assert.doesNotMatch(english, /lang="en">Two shards/)
  })
})
