// The feeds, the maintenance calendar and /status.md in every served page language, on SQLite and PostgreSQL: each
// below its prefix in its own words and language tag, parsed as the English ones are, with the English one's cache
// headers; the page heads link them; a language LANGUAGES does not serve is a 404. And the Follow text names /follow's language option.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import ICAL from 'ical.js'
import { XMLParser } from 'fast-xml-parser'
import Parser from 'rss-parser'
import { openIncident, scheduleMaintenance } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { PAGE_LANGUAGES } from '../../src/lib/locale.ts'
import { WORDS } from '../../src/view/locale-words.js'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { checkLines } from './ics-lines.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const BASE = 'https://status.example.com'
const SURFACES = ['/status/feed.atom', '/status/feed.rss', '/status/maintenance.ics', '/status.md'] as const

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })
const rssParser = new Parser()

for (const backend of databaseBackends()) {
  describe(`feeds, calendar and status.md in every language on ${backend.name}`, { skip: backend.skip }, () => {
    async function setup (t: TestContext) {
      const clock = new ManualClock(T)
      const test = await buildTestApp(t, { ...await backend.env(), PUBLIC_BASE_URL: BASE }, { clock })
      const db = test.context.database.db
      await openIncident(db, { title: 'Gateway errors', impact: 'minor', status: 'investigating', message: 'Checking.' }, clock.now())
      const window = await scheduleMaintenance(db, { title: 'Database upgrade', message: 'Read-only for an hour.', startsAt: T + HOUR, endsAt: T + 2 * HOUR, components: ['database'] }, clock.now())
      clock.advance(90 * MINUTE) // the window has started
      await test.context.incidents.refresh()
      return { ...test, window }
    }

    for (const [prefix, lang] of [['/fr', 'fr'], ['/pt-br', 'pt-BR']] as const) {
      const words = WORDS[lang].publish
      it(`serves ${prefix}'s feeds, calendar and status.md in ${lang}, with the English ones' cache headers`, async (t) => {
        const { app, window } = await setup(t)
        const get = async (url: string) => {
          const response = await app.inject(url)
          assert.equal(response.statusCode, 200, `${url}: ${response.body}`)
          assert.equal(response.headers['content-language'], lang, url)
          return response
        }
        for (const path of SURFACES) {
          const [english, local] = [await app.inject(path), await get(`${prefix}${path}`)]
          assert.equal(english.headers['content-language'], 'en', path)
          for (const header of ['content-type', 'cache-control', 'surrogate-key', 'cache-tag']) {
            assert.equal(local.headers[header], english.headers[header], `${prefix}${path}: ${header}`)
          }
          assert.notEqual(local.headers.etag, english.headers.etag, `${prefix}${path}: a body of its own`)
        }

        // Both feeds, read by a feed parser: the language's words and tag, links to the language's pages.
        for (const format of ['atom', 'rss'] as const) {
          const url = `${prefix}/status/feed.${format}`
          const body = (await get(url)).body
          const feed = await rssParser.parseString(body)
          assert.equal(feed.title, words.feeds.title, url)
          assert.equal(feed.items.length, 3, url)
          for (const item of feed.items) assert.ok(item.link?.startsWith(`${BASE}${prefix}/status/`), `${url}: ${item.link}`)
          assert.equal(feed.items[0]!.title, `[${words.feeds.maintenanceStep.started}] Database upgrade`, url)
          assert.equal(feed.items[0]!.link, `${BASE}${prefix}/status/maintenance/${window}`)
          const doc = xml.parse(body) as { feed?: Record<string, unknown>, rss?: { channel: Record<string, unknown> } }
          assert.equal(format === 'atom' ? doc.feed!['@xml:lang'] : doc.rss!.channel.language, lang, `${url}: its language`)
          if (format === 'atom') assert.match(String(doc.feed!.id), new RegExp(`,2026:${prefix.slice(1)}/status-feed$`), 'an id of its own')
        }

        // The calendar: lines as RFC 5545 has them, read by ical.js, in the language's words.
        const ics = await get(`${prefix}/status/maintenance.ics`)
        checkLines(ics.rawPayload)
        const calendar = new ICAL.Component(ICAL.parse(ics.body))
        assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), words.calendar.name)
        assert.equal(calendar.getFirstPropertyValue('url'), `${BASE}${prefix}/status`)
        const [event] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
        assert.equal(event!.summary, 'Database upgrade')
        assert.match(event!.description, new RegExp(`${words.calendar.affected}: .*${words.calendar.details}: ${BASE}${prefix}/status/maintenance/${window}$`, 's'))

        // status.md: the language's words, its pages and its feeds.
        const markdown = (await get(`${prefix}/status.md`)).body
        assert.match(markdown, new RegExp(`^\\| ${words.markdown.component} \\| ${words.markdown.status} \\|`, 'm'))
        assert.ok(markdown.includes(`${BASE}${prefix}/status/feed.atom`), 'follow links the language\'s feed')
      })

      it(`links ${prefix}'s own feeds and calendar from ${prefix}'s pages, and they answer`, async (t) => {
        const { app } = await setup(t)
        for (const page of [prefix, `${prefix}/status`, `${prefix}/status/history`]) {
          const html = (await app.inject(page)).body
          const links = [...html.matchAll(/<link rel="alternate" type="(application\/atom\+xml|application\/rss\+xml|text\/calendar)" title="[^"]+" href="([^"]+)">/g)]
          assert.deepEqual(links.map((link) => link[2]), [`${prefix}/status/feed.atom`, `${prefix}/status/feed.rss`, `${prefix}/status/maintenance.ics`], page)
          for (const [, type, href] of links) {
            const response = await app.inject(href!)
            assert.equal(response.statusCode, 200, href)
            assert.ok(String(response.headers['content-type']).startsWith(type!), href)
          }
        }
      })
    }
  })
}

describe('feeds, calendar and status.md of a language not served', () => {
  it('are the 404 of any unknown path; the served ones answer', async (t) => {
    const { app } = await buildTestApp(t, { LANGUAGES: 'en,fr' })
    for (const path of SURFACES) {
      for (const prefix of ['/pt-br', '/es', '/de', '/xx']) assert.equal((await app.inject(`${prefix}${path}`)).statusCode, 404, `${prefix}${path}`)
      for (const prefix of ['', '/fr']) assert.equal((await app.inject(`${prefix}${path}`)).statusCode, 200, `${prefix}${path}`)
    }
    // llms.txt lists the served languages' feeds and status.md, and no other's.
    const llms = (await app.inject('/llms.txt')).body
    assert.match(llms, /^- \[Atom feed \(French\)\]\(http:\/\/localhost\/fr\/status\/feed\.atom\): /m)
    assert.match(llms, /^- \[Status \(Markdown, French\)\]\(http:\/\/localhost\/fr\/status\.md\): /m)
    assert.doesNotMatch(llms, /\/(de|es|pt-br)\/status\/feed|\/(de|es|pt-br)\/status\.md/)
  })
})

describe('the Follow section\'s Discord text', () => {
  it('names /follow\'s language option in every language, by the name the snippets use', () => {
    for (const tag of PAGE_LANGUAGES) assert.match(WORDS[tag].follow.discordText, /\/follow .*components: .*language: /, tag)
  })
})
