// The Atom and RSS feeds end to end on SQLite and PostgreSQL: parsed by a real feed parser (rss-parser) and checked
// element by element (fast-xml-parser) against Atom 1.0 / RSS 2.0; stable ids, one entry per update, escaping.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import Parser from 'rss-parser'
import { openIncident, scheduleMaintenance, endMaintenance, updateIncident, resolveIncident } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildFeed, componentNames } from '../../src/publish/feeds.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { localizedText } from '../../src/declaration/declaration.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const BASE = 'https://status.example.com'
const HOSTILE_TITLE = '<script>alert(1)</script> Cache & "queue" ]]> down'
const HOSTILE_MESSAGE = 'Tom & Jerry <b>bold</b>\n<img src=x onerror=alert(1)> ]]> done'

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'item', 'link', 'category'].includes(name) })
const rssParser = new Parser()

/** What an HTML renderer shows for escaped text: the five entities decoded, once. */
const htmlText = (html: string) => html.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!)

interface AtomEntry { id: string, title: { '#text'?: string } | string, updated: string, published: string, link: Array<{ '@href': string }>, category: Array<{ '@term': string }>, content: unknown }
interface RssItem { title: string, guid: { '#text': string, '@isPermaLink': string }, pubDate: string, link: string[], description: string }

for (const backend of databaseBackends()) {
  describe(`feeds on ${backend.name}`, { skip: backend.skip }, () => {
    async function setup (t: TestContext) {
      const clock = new ManualClock(T)
      const test = await buildTestApp(t, { ...await backend.env(), PUBLIC_BASE_URL: BASE }, { clock })
      const db = test.context.database.db
      const get = async (url: string) => {
        const response = await test.app.inject(url)
        assert.equal(response.statusCode, 200, response.body)
        return response
      }
      const atom = async (url = '/status/feed.atom') => {
        const response = await get(url)
        const doc = xml.parse(response.body) as { feed: Record<string, unknown> & { entry?: AtomEntry[] } }
        return { response, feed: doc.feed, entries: doc.feed.entry ?? [] }
      }
      const rss = async (url = '/status/feed.rss') => {
        const response = await get(url)
        const doc = xml.parse(response.body) as { rss: { '@version': string, channel: Record<string, unknown> & { item?: RssItem[] } } }
        return { response, rss: doc.rss, items: doc.rss.channel.item ?? [] }
      }
      return { ...test, clock, db, atom, rss, get }
    }

    it('has the required Atom 1.0 and RSS 2.0 elements, its headers and a working ETag even when empty', async (t) => {
      const { atom, rss, app } = await setup(t)
      const a = await atom()
      assert.equal(a.response.headers['content-type'], 'application/atom+xml; charset=utf-8')
      assert.match(String(a.response.headers['cache-control']), /^public, max-age=60, s-maxage=\d+, /)
      assert.equal(a.feed['@xmlns'], 'http://www.w3.org/2005/Atom')
      assert.equal(a.feed['@xml:lang'], 'en', 'the feed says its language (RFC 4287 §2: xml:lang)')
      assert.equal((await atom('/de/status/feed.atom')).feed['@xml:lang'], 'de')
      for (const element of ['id', 'title', 'updated', 'author']) assert.ok(a.feed[element] !== undefined, `feed ${element}`)
      assert.equal(a.entries.length, 0)
      const r = await rss()
      assert.equal(r.response.headers['content-type'], 'application/rss+xml; charset=utf-8')
      assert.equal(r.rss['@version'], '2.0')
      for (const element of ['title', 'link', 'description']) assert.ok(r.rss.channel[element] !== undefined, `channel ${element}`)
      const etag = a.response.headers.etag as string
      assert.equal((await app.inject({ url: '/status/feed.atom', headers: { 'if-none-match': etag } })).statusCode, 304)
      const head = await app.inject({ method: 'HEAD', url: '/status/feed.rss' })
      assert.equal(head.statusCode, 200)
    })

    it('lists one entry per update with stable ids; an update adds exactly one entry and changes the ETag', async (t) => {
      const { db, clock, context, atom, rss } = await setup(t)
      const id = await openIncident(db, { title: 'Slow replies', impact: 'major', status: 'investigating', message: 'Looking into it.' }, clock.now())
      clock.advance(10 * MINUTE)
      await updateIncident(db, id, { status: 'identified', message: 'A bad deploy.' }, clock.now())
      await context.incidents.refresh()
      const before = await atom()
      assert.equal(before.entries.length, 2)
      const ids = before.entries.map((entry) => entry.id)
      for (const entryId of ids) assert.match(entryId, new RegExp(`^tag:status\\.example\\.com,2026:incident/${id}/update/\\d+$`))
      assert.equal(new Set(ids).size, 2, 'one id per entry')
      for (const entry of before.entries) {
        assert.ok(entry.title !== undefined, 'entry title')
        assert.match(entry.updated, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'entry updated is an RFC 3339 date')
        assert.equal(entry.published, entry.updated, 'published and updated are the update\'s time')
      }
      assert.deepEqual(before.entries.map((entry) => entry.link[0]!['@href']), [`${BASE}/status/incidents/${id}`, `${BASE}/status/incidents/${id}`])
      assert.deepEqual(before.entries[0]!.category.map((c) => c['@term']), ['major'])
      assert.equal(before.feed.updated, new Date(T + 10 * MINUTE).toISOString(), 'feed updated = newest entry')

      // A refresh with nothing new: the same bytes.
      await context.incidents.refresh()
      const same = await atom()
      assert.equal(same.response.headers.etag, before.response.headers.etag)
      assert.equal(same.response.body, before.response.body)

      clock.advance(30 * MINUTE)
      await resolveIncident(db, id, 'Rolled back.', clock.now())
      await context.incidents.refresh()
      const after = await atom()
      assert.equal(after.entries.length, 3, 'exactly one more entry')
      assert.deepEqual(after.entries.slice(1).map((entry) => entry.id), ids, 'older entries keep their ids, newest first')
      assert.notEqual(after.response.headers.etag, before.response.headers.etag)
      assert.equal(after.entries[0]!.published, new Date(T + 40 * MINUTE).toISOString())

      const items = (await rss()).items
      assert.deepEqual(items.map((item) => item.guid['#text']), after.entries.map((entry) => entry.id), 'RSS guids are the Atom ids')
      for (const item of items) {
        assert.equal(item.guid['@isPermaLink'], 'false')
        assert.match(item.pubDate, /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/, 'RFC 822 date')
      }
      assert.equal(Date.parse(items[0]!.pubDate), T + 40 * MINUTE)
    })

    it('is read by rss-parser, with valid dates, in English and German', async (t) => {
      const { db, clock, context, get, config } = await setup(t)
      const id = await openIncident(db, { title: 'Gateway errors', impact: 'minor', status: 'investigating', message: 'Checking.' }, clock.now())
      const window = await scheduleMaintenance(db, { title: 'Database upgrade', message: 'Read-only for an hour.', startsAt: T + HOUR, endsAt: T + 2 * HOUR }, clock.now())
      clock.advance(90 * MINUTE) // the window has started
      await context.incidents.refresh()
      for (const [url, lang] of [['/status/feed.atom', 'en'], ['/status/feed.rss', 'en'], [`${config.germanPrefix}/status/feed.atom`, 'de'], [`${config.germanPrefix}/status/feed.rss`, 'de']] as const) {
        const feed = await rssParser.parseString((await get(url)).body)
        assert.equal(feed.items.length, 3, url)
        assert.match(feed.title!, lang === 'de' ? /Vorfälle/ : /incidents/)
        for (const item of feed.items) {
          assert.ok(item.isoDate !== undefined && !Number.isNaN(Date.parse(item.isoDate)), `${url}: a valid date`)
          assert.ok(item.link?.startsWith(`${BASE}${lang === 'de' ? config.germanPrefix : ''}/status/`), `${url}: ${item.link}`)
        }
        const [started, scheduled, incident] = feed.items
        assert.equal(started!.link, `${BASE}${lang === 'de' ? config.germanPrefix : ''}/status/maintenance/${window}`)
        assert.match(started!.title!, lang === 'de' ? /^\[Wartung begonnen\] Database upgrade$/ : /^\[Maintenance started\] Database upgrade$/)
        assert.match(scheduled!.title!, lang === 'de' ? /Wartung geplant/ : /Maintenance scheduled/)
        assert.match(incident!.title!, lang === 'de' ? /^\[Wird untersucht\] Gateway errors$/ : /^\[Investigating\] Gateway errors$/)
        assert.equal(new Date(incident!.isoDate!).getTime(), T)
      }
      // Ending the window adds its end; the tag ids of maintenance say which step.
      await endMaintenance(db, window, clock.now())
      clock.advance(MINUTE)
      await context.incidents.refresh()
      const feed = await rssParser.parseString((await get('/status/feed.atom')).body)
      assert.deepEqual(feed.items.map((item) => item.id), [
        `tag:status.example.com,2026:maintenance/${window}/ended`,
        `tag:status.example.com,2026:maintenance/${window}/started`,
        `tag:status.example.com,2026:maintenance/${window}/scheduled`,
        `tag:status.example.com,2026:incident/${id}/update/${feed.items[3]!.id!.split('/').at(-1)}`
      ])
      assert.match(feed.items[0]!.title!, /Maintenance completed/)
    })

    it('escapes operator text: no markup reaches a reader, and decoding the HTML gives the text back', async (t) => {
      const { db, clock, context, get, atom, rss } = await setup(t)
      await openIncident(db, { title: HOSTILE_TITLE, impact: 'critical', status: 'investigating', message: HOSTILE_MESSAGE }, clock.now())
      await context.incidents.refresh()
      for (const url of ['/status/feed.atom', '/status/feed.rss']) {
        const body = (await get(url)).body
        assert.doesNotMatch(body, /<script|<img|<b>/, `${url}: no operator markup in the XML`)
      }
      // Titles are plain text (Atom's type="text"), XML-escaped once: the parsed XML is the title exactly.
      const { entries } = await atom()
      assert.deepEqual(entries[0]!.title, { '#text': `[Investigating] ${HOSTILE_TITLE}`, '@type': 'text' })
      const content = JSON.stringify(entries[0]!.content)
      assert.ok(!content.includes('<img'), 'content escaped')
      const items = (await rss()).items
      assert.equal(items[0]!.title, `[Investigating] ${HOSTILE_TITLE}`)
      // Content is HTML: operator text in it is escaped, and decoding the HTML gives the text back.
      assert.match(items[0]!.description, /Tom &amp; Jerry &lt;b&gt;bold&lt;\/b&gt;<br>&lt;img src=x onerror=alert\(1\)&gt; \]\]&gt; done/)
      assert.ok(htmlText(items[0]!.description).includes('Tom & Jerry <b>bold</b>'))
      const parsed = await rssParser.parseString((await get('/status/feed.rss')).body)
      assert.equal(parsed.items[0]!.title, `[Investigating] ${HOSTILE_TITLE}`)
    })

    it('titles read as typed in rss-parser, in RSS and Atom, in both languages: plain text, never HTML-escaped', async (t) => {
      const { db, clock, context, get } = await setup(t)
      const typed = 'Tom & Jerry <b>x</b> "q"'
      await openIncident(db, { title: typed, impact: 'minor', status: 'investigating', message: 'Looking.' }, clock.now())
      await scheduleMaintenance(db, { title: typed, message: 'Read-only.', startsAt: T + HOUR, endsAt: T + 2 * HOUR }, clock.now())
      await context.incidents.refresh()
      for (const [prefix, investigating, scheduled] of [['', 'Investigating', 'Maintenance scheduled'], ['/de', 'Wird untersucht', 'Wartung geplant']] as const) {
        for (const url of [`${prefix}/status/feed.rss`, `${prefix}/status/feed.atom`]) {
          const body = (await get(url)).body
          assert.doesNotMatch(body, /&amp;amp;|&amp;lt;|&amp;quot;/, `${url}: nothing escaped twice`)
          const titles = (await rssParser.parseString(body)).items.map((entry) => entry.title).sort()
          assert.deepEqual(titles, [`[${investigating}] ${typed}`, `[${scheduled}] ${typed}`].sort(), url)
          if (url.endsWith('.atom')) assert.equal((body.match(/<title type="text">/g) ?? []).length, 2, `${url}: Atom says its titles are text`)
        }
      }
    })

    it('?component= (repeatable) lists only the entries naming those components, in every feed; any order and repeats are one filter', async (t) => {
      const { db, clock, context, get, app, config } = await setup(t)
      const bot = await openIncident(db, { title: 'Bot offline', impact: 'major', status: 'investigating', message: 'Looking.', components: [{ id: 'bot' }] }, clock.now())
      const database = await openIncident(db, { title: 'Slow queries', impact: 'minor', status: 'investigating', message: 'Looking.', components: [{ id: 'database' }] }, clock.now())
      await openIncident(db, { title: 'Names nothing', impact: 'minor', status: 'investigating', message: 'Looking.' }, clock.now())
      const window = await scheduleMaintenance(db, { title: 'Gateway move', message: 'Reconnects.', startsAt: T + HOUR, endsAt: T + 2 * HOUR, components: ['bot'] }, clock.now())
      clock.advance(MINUTE)
      await context.incidents.refresh()
      const de = config.germanPrefix
      for (const path of ['/status/feed.atom', '/status/feed.rss', `${de}/status/feed.atom`, `${de}/status/feed.rss`]) {
        const all = await rssParser.parseString((await get(path)).body)
        assert.equal(all.items.length, 4, `${path}: every entry`)
        const response = await get(`${path}?component=bot`)
        const only = await rssParser.parseString(response.body)
        assert.deepEqual(only.items.map((item) => item.link).sort(), [
          `${BASE}${path.startsWith(de) ? de : ''}/status/incidents/${bot}`, `${BASE}${path.startsWith(de) ? de : ''}/status/maintenance/${window}`
        ].sort(), `${path}?component=bot: the incident and the window naming the bot, not the others`)
        assert.match(only.title!, /\(Bot/, `${path}: the title names the component`)
        assert.match(response.body, /status\/feed\.(atom|rss)\?component=bot"/, `${path}: its own self link`)
        const both = await get(`${path}?component=database&component=bot`)
        assert.equal(new Set((await rssParser.parseString(both.body)).items.map((item) => item.link)).size, 3, `${path}: either component`)
        assert.match(both.body, /component=bot&amp;component=database/, `${path}: the self link escaped, ids in one order`)
        // Any order and repeats are one filter: the same bytes and ETag.
        const again = await get(`${path}?component=bot&component=database&component=bot`)
        assert.equal(again.headers.etag, both.headers.etag)
        assert.equal((await app.inject({ url: `${path}?component=bot&component=database`, headers: { 'if-none-match': both.headers.etag as string } })).statusCode, 304)
        assert.equal((await get(`${path}?component=cache`)).body.includes('<entry>') || (await get(`${path}?component=cache`)).body.includes('<item>'), false, `${path}: nothing names the cache`)
      }
      // Entry ids are the unfiltered feed's: a reader switching to a filter posts nothing twice.
      const ids = (await rssParser.parseString((await get('/status/feed.atom?component=database')).body)).items.map((item) => item.id)
      assert.deepEqual(ids, [`tag:status.example.com,2026:incident/${database}/update/${ids[0]!.split('/').at(-1)}`])
    })

    it('an unknown ?component= is a 400 problem naming the declared ids, whichever place it has', async (t) => {
      const { app, config } = await setup(t)
      for (const url of ['/status/feed.atom?component=nope', '/status/feed.rss?component=bot&component=nope', `${config.germanPrefix}/status/feed.atom?component=`, '/status/feed.rss?component=nope&component=bot']) {
        const response = await app.inject(url)
        assert.equal(response.statusCode, 400, url)
        assert.match(response.headers['content-type'] as string, /^application\/problem\+json/, url)
        if (!url.endsWith('=')) assert.match(response.json().detail, /^The query parameter "component" must be one of: database, cache, bot\.$/, url)
      }
    })
  })
}

describe('feed discovery', () => {
  it('every page head links both feeds and the maintenance calendar of its language; llms.txt lists them', async (t) => {
    const { app, config } = await buildTestApp(t)
    for (const [url, prefix] of [['/status', ''], ['/', ''], [`${config.germanPrefix}/status`, config.germanPrefix], ['/docs/api', '']] as const) {
      const html = (await app.inject(url)).body
      assert.match(html, new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${prefix}/status/feed\\.atom">`), url)
      assert.match(html, new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${prefix}/status/feed\\.rss">`), url)
      assert.match(html, new RegExp(`<link rel="alternate" type="text/calendar" title="[^"]+" href="${prefix}/status/maintenance\\.ics">`), url)
    }
    const llms = (await app.inject('/llms.txt')).body
    assert.match(llms, /\/status\/feed\.atom\): /)
    assert.match(llms, /\/status\/feed\.rss\): /)
    assert.match(llms, /\/status\/maintenance\.ics\): /)
  })
})

describe('feed entries name the components they affect', () => {
  const components = [{ id: 'music', name: localizedText({ en: 'Music', de: 'Musik' }) }, { id: 'dashboard', name: localizedText({ en: 'Dashboard', de: 'Dashboard' }) }]

  it('by the model\'s names in the feed\'s language; an id no longer declared as plain text', () => {
    assert.deepEqual(componentNames(['music', 'gone-1', 'dashboard'], components, 'de'), ['Musik', 'gone-1', 'Dashboard'])
    assert.deepEqual(componentNames([], components, 'en'), [])
  })

  it('in the entry\'s text, escaped, and not at all when it names none', async () => {
    const event = { kind: 'incident', key: 'incident/1/update/1', at: T, title: 'Slow', message: 'Looking.', incidentId: 1, status: 'investigating', impact: 'minor' } as const
    const feed = (ids: string[]) => buildFeed({ baseUrl: BASE, germanPrefix: '/de', lang: 'en', format: 'atom', events: [{ ...event, components: ids }], now: T, components })
    const named = await rssParser.parseString(feed(['music', '<b>old</b>']))
    assert.ok(htmlText(named.items[0]!.content!).includes('Affected: Music, <b>old</b>'), named.items[0]!.content)
    assert.ok(named.items[0]!.content!.includes('&lt;b&gt;old'), 'escaped')
    assert.doesNotMatch(feed([]), /Affected/)
  })
})

describe('a feed of a declared product', () => {
  it('names the product in its title, in both languages', async () => {
    for (const [lang, title] of [['en', 'Acme status: incidents and maintenance'], ['de', 'Acme-Status: Vorfälle und Wartungen']] as const) {
      const feed = await rssParser.parseString(buildFeed({ baseUrl: BASE, germanPrefix: '/de', lang, format: 'rss', events: [], now: T, productName: 'Acme' }))
      assert.equal(feed.title, title)
    }
  })
})
