// Badges: uptime figures from the history's own numbers, SVG (src/publish/badge-svg.ts) parsed as XML (title and aria-label,
// text that fits, WCAG contrast), Shields endpoint JSON accepted by Shields' schema, and the routes on both databases.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { dayOfMinute, minuteOf } from '../../src/lib/minutes.ts'
import { buildHistory } from '../../src/monitor/history.ts'
import { BADGES, BADGE_COLORS, LABEL_COLOR, badgeSvg, uptimePercent } from '../../src/publish/badges.ts'
import { openIncident } from '../../src/incidents/writes.ts'
import type { DayCounts } from '../../src/store/repositories/component-checks.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { shieldsEndpointValidator } from './shields-endpoint-schema.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const svgParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })

type Node = Record<string, unknown>
/** Every element named `name` below `node`, depth first. */
function elements (node: unknown, name: string): Node[] {
  if (typeof node !== 'object' || node === null) return []
  const found: Node[] = []
  for (const [key, value] of Object.entries(node)) {
    const children = Array.isArray(value) ? value : [value]
    if (key === name) found.push(...children.filter((child) => typeof child === 'object') as Node[])
    for (const child of children) found.push(...elements(child, name))
  }
  return found
}

/** WCAG 2 relative luminance and contrast ratio of two hex colours (#rgb or #rrggbb, with or without #). */
function luminance (hex: string): number {
  const h = hex.replace('#', '')
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
function contrast (a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

describe('uptime figures', () => {
  const today = dayOfMinute(minuteOf(T))
  const counts: DayCounts[] = []
  // Yesterday 14 minutes down, ten days ago 100 minutes down (the bot), forty days ago a whole day down.
  for (let day = today - 89; day <= today; day++) {
    const down = day === today - 1 ? 14 : day === today - 10 ? 100 : day === today - 40 ? 1440 : 0
    counts.push({ day, component: 'overall', checks: 1440, degraded: 0, down })
    counts.push({ day, component: 'database', checks: 1440, degraded: 0, down: day === today - 1 ? 14 : 0 })
    counts.push({ day, component: 'cache', checks: 1440, degraded: 0, down: 0 })
    counts.push({ day, component: 'bot', checks: 1440, degraded: 0, down: day === today - 10 ? 100 : day === today - 40 ? 1440 : 0 })
  }
  const nowMinute = minuteOf(T)
  const checks = Array.from({ length: 100 }, (_, i) => Object.entries({
    overall: i < 3 ? 'down' : 'ok', database: i < 3 ? 'down' : 'ok', cache: 'ok', bot: i < 50 ? 'unknown' : 'ok'
  }).map(([component, status]) => ({ minute: nowMinute - 99 + i, component, status, latencyMs: null }))).flat()
  const history = buildHistory({ now: T, checks, counts })

  it('24 h from the minute checks; a component counts only the minutes it was monitored', () => {
    assert.equal(uptimePercent('uptime-24h', undefined, history), 97)
    assert.equal(uptimePercent('uptime-24h', 'database', history), 97)
    assert.equal(uptimePercent('uptime-24h', 'bot', history), 100)
  })

  it('7 and 30 days from the daily figures, 90 days as the history says', () => {
    const expected = (days: number, down: number) => Math.floor(((days * 1440 - down) / (days * 1440)) * 100_000) / 1000
    assert.equal(uptimePercent('uptime-7d', undefined, history), expected(7, 14))
    assert.equal(uptimePercent('uptime-30d', undefined, history), expected(30, 114))
    assert.equal(uptimePercent('uptime-30d', 'bot', history), expected(30, 100))
    assert.equal(uptimePercent('uptime-7d', 'bot', history), 100)
    assert.equal(uptimePercent('uptime-90d', undefined, history), history.uptime.percent)
    assert.equal(uptimePercent('uptime-90d', 'bot', history), history.uptime.components.bot)
    assert.equal(uptimePercent('uptime-90d', undefined, undefined), null)
  })
})

describe('badge SVG', () => {
  it('every colour reaches a WCAG contrast of 4.5:1 against the text the badge puts on it', () => {
    for (const color of [...Object.values(BADGE_COLORS), LABEL_COLOR]) {
      const svg = svgParser.parse(badgeSvg({ label: 'status', message: 'operational', color })) as Node
      const rects = elements(svg, 'rect').map((rect) => String(rect['@fill'] ?? ''))
      assert.ok(rects.includes(`#${color}`), `${color} is a background: ${rects.join(' ')}`)
      // The text group's fill, unless a text element sets its own (dark text on light colours).
      const groupFill = String(elements(svg, 'g').find((g) => g['@text-anchor'] === 'middle')!['@fill'])
      const textFills = elements(svg, 'text').filter((text) => text['@aria-hidden'] === undefined && text['@fill-opacity'] === undefined)
        .map((text) => String(text['@fill'] ?? groupFill))
      assert.equal(textFills.length, 2, 'the label and the message')
      for (const fill of textFills) assert.ok(contrast(fill, color) >= 4.5, `${fill} on #${color}: ${contrast(fill, color).toFixed(2)}`)
    }
  })

  it('measures its text: the widest words fit their boxes', () => {
    const svg = svgParser.parse(badgeSvg({ label: 'database uptime 30d', message: 'WWWWWWWWWW 99.99% MMMMMMMM', color: BADGE_COLORS.good })) as Node
    const widths = elements(svg, 'rect').filter((rect) => rect['@fill'] === '#555555' || rect['@fill'] === `#${BADGE_COLORS.good}`).map((rect) => Number(rect['@width']))
    const texts = elements(svg, 'text').filter((text) => text['@aria-hidden'] === undefined && text['@fill-opacity'] === undefined)
    assert.equal(texts.length, 2)
    texts.forEach((text, i) => assert.ok(Number(text['@textLength']) / 10 < widths[i]!, `text ${i} (${Number(text['@textLength']) / 10}) inside ${widths[i]}`))
  })
})

for (const backend of databaseBackends()) {
  describe(`badge routes on ${backend.name}`, { skip: backend.skip }, () => {
    async function setup (t: TestContext) {
      const clock = new ManualClock(T)
      const test = await buildTestApp(t, await backend.env(), { clock })
      await reportHeartbeat(test.context.database, { shard: 0, status: 'ready', pingMs: 41, guilds: 10, at: new Date(clock.now()) })
      await reportHeartbeat(test.context.database, { shard: 1, status: 'disconnected', pingMs: null, guilds: 10, at: new Date(clock.now()) })
      await test.context.monitor.runOnce()
      return { ...test, clock }
    }

    it('serves every badge as SVG whose title and aria-label say what the JSON says, and JSON Shields accepts', async (t) => {
      const { app } = await setup(t)
      for (const badge of BADGES) {
        for (const query of ['', '?component=bot', ...(badge === 'shards' ? [] : ['?component=database', '?component=cache'])]) {
          const svgResponse = await app.inject(`/status/badges/${badge}.svg${query}`)
          assert.equal(svgResponse.statusCode, 200, `${badge}${query}: ${svgResponse.body}`)
          assert.equal(svgResponse.headers['content-type'], 'image/svg+xml; charset=utf-8')
          const maxAge = Number(/max-age=(\d+)/.exec(svgResponse.headers['cache-control'] as string)![1])
          assert.ok(maxAge > 0 && maxAge <= 60, `${badge}: max-age ${maxAge}`)
          const svg = (svgParser.parse(svgResponse.body) as { svg: Node }).svg
          assert.equal(svg['@role'], 'img')

          const jsonResponse = await app.inject(`/status/badges/${badge}.json${query}`)
          assert.equal(jsonResponse.statusCode, 200)
          const body = jsonResponse.json()
          assert.ok(shieldsEndpointValidator.Check(body), `${badge}${query}: ${JSON.stringify([...shieldsEndpointValidator.Errors(body)])}`)
          assert.equal(svg['@aria-label'], `${body.label}: ${body.message}`)
          assert.equal(svg.title, `${body.label}: ${body.message}`)
          assert.ok(svgResponse.body.includes(`fill="#${body.color}"`), `${badge}: the SVG has the JSON's colour`)

          const etag = svgResponse.headers.etag as string
          assert.equal((await app.inject({ url: `/status/badges/${badge}.svg${query}`, headers: { 'if-none-match': etag } })).statusCode, 304)
        }
      }
      const json = async (path: string) => (await app.inject(path)).json()
      assert.deepEqual(await json('/status/badges/shards.json'), { schemaVersion: 1, label: 'shards', message: '1/2 connected', color: BADGE_COLORS.warning, cacheSeconds: 300 })
      assert.deepEqual(await json('/status/badges/status.json?component=cache'), { schemaVersion: 1, label: 'cache', message: 'operational', color: BADGE_COLORS.good, cacheSeconds: 300 })
      const status = await json('/status/badges/status.json')
      assert.equal(status.label, 'status')
      assert.equal(status.message, 'minor outage', 'one of two shards is down: the bot is degraded, the indicator minor')
      assert.deepEqual(await json('/status/badges/status.json?component=bot'), { schemaVersion: 1, label: 'bot', message: 'degraded performance', color: BADGE_COLORS.warning, cacheSeconds: 300 })
    })

    it('follows the public status: an incident changes the badge (and its ETag)', async (t) => {
      const { app, context, clock } = await setup(t)
      const before = await app.inject('/status/badges/status.svg')
      await openIncident(context.database.db, { title: 'Down', impact: 'critical', status: 'investigating', message: 'Looking.' }, clock.now())
      await context.incidents.refresh()
      const during = await app.inject('/status/badges/status.json')
      assert.equal(during.json().message, 'major outage')
      assert.equal(during.json().color, BADGE_COLORS.bad)
      const after = await app.inject('/status/badges/status.svg')
      assert.notEqual(after.headers.etag, before.headers.etag)
      assert.match(after.body, /aria-label="status: major outage"/)
    })

    it('answers 400 problem+json for an unknown component, and for a component on the shards badge other than the bot', async (t) => {
      const { app } = await setup(t)
      for (const [url, allowed] of [['/status/badges/status.svg?component=web', 'database, cache, bot'], ['/status/badges/uptime-7d.json?component=', 'database, cache, bot'], ['/status/badges/shards.svg?component=cache', 'bot']] as const) {
        const response = await app.inject(url)
        assert.equal(response.statusCode, 400, url)
        assert.match(response.headers['content-type'] as string, /^application\/problem\+json/, url)
        assert.ok(response.json().detail.endsWith(`must be one of: ${allowed}.`), `${url}: the allowed values, ${response.json().detail}`)
      }
      // The contract admits what the server accepts, and no more.
      const openapi = (await app.inject('/api/v1/openapi.json')).json() as { paths: Record<string, { get: { parameters: Array<{ name: string, schema: { enum?: string[] } }> } }> }
      const enumOf = (path: string) => openapi.paths[path]!.get.parameters.find((parameter) => parameter.name === 'component')!.schema.enum
      assert.deepEqual(enumOf('/status/badges/shards.json'), ['bot'])
      assert.deepEqual(enumOf('/status/badges/status.json'), ['database', 'cache', 'bot'])
      assert.equal((await app.inject('/status/badges/uptime-1y.svg')).statusCode, 404)
    })
  })
}
