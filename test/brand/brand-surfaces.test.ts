// Issue 30 item 2: every surface a person or a tool sees carries the product's name — page titles and headers (status,
// incident, component, 404, docs) in both languages, the Statuspage copy, feeds, llms.txt, OpenAPI, the MCP server,
// Discord embeds and webhook payloads, badges (with ?label=) and /status.md — and without a file the neutral words stay.
// Also: the brand's files under hashed names with a year's caching, the SVG's CSP, header links and the footer.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { FastifyInstance } from 'fastify'
import { createStatusApi } from '../../src/mcp/api-client.ts'
import { createMcpServer } from '../../src/mcp/server.ts'
import { followEntries, publicMetricsPort } from '../../src/publish/follow.ts'
import { buildTestApp } from '../helper.ts'
import { DiscordReceiver, WebhookReceiver } from '../notify/receivers.ts'
import { brandedSite } from './brand-site.ts'

const HTML = { accept: 'text/html' }

async function get (app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers })
  assert.equal(response.statusCode, url === '/no-such-page' || url === '/de/no-such-page' ? 404 : 200, `${url}: ${response.body.slice(0, 300)}`)
  return response
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)![1]!.replaceAll('&#39;', '\'')
const headerOf = (html: string) => /<header class="site-header">([\s\S]*?)<\/header>/.exec(html)![1]!

/** The MCP server the `mcp` command would make for this instance: its name, title and instructions. */
async function mcpIdentity (url: string) {
  const api = createStatusApi(new URL(url))
  const server = createMcpServer(api, () => {}, await api.productName())
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'brand-test', version: '1.0.0' })
  await client.connect(clientSide)
  const identity = { ...client.getServerVersion(), instructions: client.getInstructions() }
  await client.close()
  await server.close()
  return identity
}

describe('the product\'s name on every surface', () => {
  it('titles, headers, the copy, feeds, llms.txt, OpenAPI, MCP, badges and /status.md say "Acme"', async (t) => {
    const { app, incident, config } = await brandedSite(t)
    const { logo, logoDark, favicon } = config.status.product

    // Pages, English and German: title and header (logo and name).
    const pages: Array<[string, string]> = [
      ['/status', 'Acme status – Minor service disruption'],
      ['/de/status', 'Acme Status – Kleinere Störung'],
      [`/status/incidents/${incident}`, 'Music stutters – Acme status'],
      [`/de/status/incidents/${incident}`, 'Music stutters – Acme Status'],
      ['/status/components/music', 'Music: Degraded performance – Acme status'],
      ['/de/status/components/music', 'Musik: Eingeschränkte Leistung – Acme Status'],
      ['/no-such-page', 'Page not found – Acme status'],
      ['/de/no-such-page', 'Seite nicht gefunden – Acme Status'],
      ['/docs/api', 'Public status API · Documentation – Acme status'],
      ['/', 'Status service – Acme status']
    ]
    for (const [url, title] of pages) {
      const html = (await get(app, url, HTML)).body
      assert.equal(titleOf(html), title, url)
      const header = headerOf(html)
      assert.match(header, new RegExp(`<picture><source srcset="${logoDark!.path}" media="\\(prefers-color-scheme: dark\\)"><img class="brand-logo" src="${logo!.path}" alt="" width="32" height="32"></picture><span>Acme</span>`), `${url}: the header's logo and name`)
      assert.match(html, new RegExp(`<link rel="icon" href="${favicon!.path}" type="image/png">`), `${url}: the favicon`)
      assert.match(html, /<link rel="stylesheet" href="\/assets\/brand\/accent-3b4bd8-6e7ae2\.css">/, `${url}: the accent`)
    }
    assert.match((await get(app, '/status', HTML)).body, /<h1>Acme status<\/h1>/)
    assert.match((await get(app, '/de/status', HTML)).body, /<h1>Acme Status<\/h1>/)

    // The Statuspage copy.
    const summary = JSON.parse((await get(app, '/status/api/v2/summary.json')).body)
    assert.equal(summary.page.name, 'Acme status')
    assert.equal(summary.page.url, 'http://localhost/status')

    // Feeds in both languages and formats.
    assert.match((await get(app, '/status/feed.atom')).body, /<title>Acme status: incidents and maintenance<\/title>/)
    assert.match((await get(app, '/status/feed.rss')).body, /<title>Acme status: incidents and maintenance<\/title>/)
    assert.match((await get(app, '/de/status/feed.atom')).body, /<title>Acme-Status: Vorfälle und Wartungen<\/title>/)

    // llms.txt and the OpenAPI description.
    const llms = (await get(app, '/llms.txt')).body
    assert.equal(llms.split('\n')[0], '# Acme status API')
    assert.match(llms, /^> Is Acme up\? /m)
    const openapi = JSON.parse((await get(app, '/api/v1/openapi.json')).body)
    assert.equal(openapi.info.title, 'Acme status API')
    assert.deepEqual(openapi.info['x-product'], { name: 'Acme', url: 'https://acme.example' })

    // Badges: the status badge is labelled with the name; ?label= overrides any badge's label.
    assert.equal(JSON.parse((await get(app, '/status/badges/status.json')).body).label, 'Acme')
    assert.match((await get(app, '/status/badges/status.svg')).body, /aria-label="Acme: minor outage"/)
    assert.equal(JSON.parse((await get(app, '/status/badges/status.json?label=Our%20bot')).body).label, 'Our bot')
    assert.equal(JSON.parse((await get(app, '/status/badges/uptime-7d.json?label=Acme%207d')).body).label, 'Acme 7d')
    assert.equal(JSON.parse((await get(app, '/status/badges/status.json?component=music')).body).label, 'music', 'a component\'s badge keeps its id')
    assert.equal((await app.inject({ method: 'GET', url: `/status/badges/status.json?label=${'x'.repeat(61)}` })).statusCode, 400)

    // /status.md in both languages.
    assert.equal((await get(app, '/status.md')).body.split('\n')[0], '# Acme status')
    assert.equal((await get(app, '/de/status.md')).body.split('\n')[0], '# Acme Status')
  })

  it('the MCP server is named after the product, found through the instance\'s own description', async (t) => {
    const { app } = await brandedSite(t)
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const identity = await mcpIdentity(url)
    assert.equal(identity.name, 'acme-status')
    assert.equal(identity.title, 'Acme status')
    assert.match(identity.instructions!, /^Read-only tools over the public status API of Acme at http:\/\/127\.0\.0\.1:\d+: whether Acme is up /)
  })

  it('Discord embeds name it as author and footer, with its png icon; webhook payloads carry data.product', async (t) => {
    const [discord, webhook] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start()])
    t.after(() => Promise.all([discord.close(), webhook.close()]))
    const { context, config } = await brandedSite(t, {
      PUBLIC_BASE_URL: 'https://status.acme.example', NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret
    })
    for (let round = 0; round < 50 && (discord.messages.size === 0 || webhook.verified.length === 0); round++) {
      await context.notifications!.worker.runOnce()
      await sleep(20)
    }
    const embed = [...discord.messages.values()][0]!.embeds[0] as { author?: unknown, footer?: unknown, title: string }
    const icon = `https://status.acme.example${config.status.product.favicon!.path}`
    assert.equal(embed.title, 'Music stutters')
    assert.deepEqual(embed.author, { name: 'Acme status', url: 'https://status.acme.example/status', icon_url: icon })
    assert.deepEqual(embed.footer, { text: 'Acme', icon_url: icon })
    const [message] = webhook.verified
    assert.equal(message!.type, 'incident.opened')
    assert.deepEqual(message!.data.product, { name: 'Acme', url: 'https://acme.example' })
  })
})

describe('without a status file', () => {
  it('keeps the neutral words everywhere', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    const html = (await get(app, '/status', HTML)).body
    assert.match(titleOf(html), /^System status/)
    assert.match(headerOf(html), /<img src="\/assets\/favicon\.[0-9a-f]{12}\.svg" alt="" width="24" height="24"><span>Status<\/span>/)
    assert.doesNotMatch(html, /\/assets\/brand\//)
    assert.doesNotMatch(html, /product-links|product-footer/)
    assert.match(titleOf((await get(app, '/de/status', HTML)).body), /^Systemstatus/)
    assert.equal(titleOf((await get(app, '/no-such-page', HTML)).body), 'Page not found')
    assert.equal(JSON.parse((await get(app, '/status/api/v2/status.json')).body).page.name, 'System status')
    assert.match((await get(app, '/status/feed.atom')).body, /<title>System status: incidents and maintenance<\/title>/)
    assert.equal((await get(app, '/llms.txt')).body.split('\n')[0], '# Public Status API')
    const openapi = JSON.parse((await get(app, '/api/v1/openapi.json')).body)
    assert.equal(openapi.info.title, 'Public Status API')
    assert.equal(openapi.info['x-product'], undefined)
    assert.equal(JSON.parse((await get(app, '/status/badges/status.json')).body).label, 'status')
    assert.equal((await get(app, '/status.md')).body.split('\n')[0], '# Status')
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const identity = await mcpIdentity(url)
    assert.equal(identity.name, 'status-api')
    assert.equal(identity.title, 'Status API')
  })
})

describe('the brand\'s files, links and footer', () => {
  it('serves the logos, favicon and accent under their hashed names for a year; an SVG runs no script', async (t) => {
    const { app, config } = await brandedSite(t)
    const { logo, favicon } = config.status.product
    const svg = await get(app, logo!.path)
    assert.equal(svg.headers['content-type'], 'image/svg+xml')
    assert.equal(svg.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(svg.headers['content-security-policy'], 'default-src \'none\'; frame-ancestors \'none\'')
    assert.deepEqual(svg.rawPayload, readFileSync(path.join(import.meta.dirname, '../fixtures/status/brand/logo.svg')))
    const png = await get(app, favicon!.path)
    assert.equal(png.headers['content-type'], 'image/png')
    assert.equal((await app.inject({ method: 'GET', url: favicon!.path, headers: { 'if-none-match': String(png.headers.etag) } })).statusCode, 304)
    const css = await get(app, '/assets/brand/accent-3b4bd8-6e7ae2.css')
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8')
    assert.match(css.body, /:root \{ --link: #3b4bd8; --focus: #3b4bd8; --accent: #3b4bd8; --on-accent: #ffffff; \}/)
    assert.match(css.body, /@media \(prefers-color-scheme: dark\) \{\n {2}:root \{ --link: #6e7ae2; --focus: #6e7ae2; --accent: #6e7ae2; --on-accent: #161b22; \}/)
    const unknown = await app.inject({ method: 'GET', url: '/assets/brand/0000000000000000.svg' })
    assert.equal(unknown.statusCode, 404)
    assert.match(String(unknown.headers['content-type']), /^application\/problem\+json/)
    assert.equal((await app.inject({ method: 'POST', url: logo!.path })).statusCode, 405)
  })

  it('links in the header open in the same tab without handing over the window; the footer\'s links are links; English fallen back to is marked', async (t) => {
    const { app } = await brandedSite(t)
    const en = (await get(app, '/status', HTML)).body
    assert.match(headerOf(en), /<nav class="product-links" aria-label="Links"><ul><li><a href="https:\/\/discord\.gg\/acme" rel="noopener">Support server<\/a><\/li><li><a href="https:\/\/acme\.example\/dashboard" rel="noopener">Dashboard<\/a><\/li><\/ul><\/nav>/)
    assert.doesNotMatch(en, /target="_blank"/)
    assert.match(en, /<p class="product-footer">Acme is made up\. <a href="https:\/\/acme\.example\/privacy" rel="noopener">Privacy<\/a><\/p>/)
    const de = (await get(app, '/de/status', HTML)).body
    assert.match(headerOf(de), />Support-Server<\/a>/)
    assert.match(de, /<p class="product-footer">Acme ist erfunden\. <a href="https:\/\/acme\.example\/privacy" rel="noopener">Datenschutz<\/a><\/p>/)
    // The file gives no French: the English text says it is English there; a plain string is every language's own.
    const fr = (await get(app, '/fr/status', HTML)).body
    assert.match(headerOf(fr), /<a href="https:\/\/discord\.gg\/acme" rel="noopener" lang="en">Support server<\/a><\/li><li><a href="https:\/\/acme\.example\/dashboard" rel="noopener">Dashboard<\/a>/)
    assert.match(fr, /<p class="product-footer" lang="en">Acme is made up\. /)
    // So does a component's name on its page; the German one, which the file gives, does not.
    assert.match((await get(app, '/fr/status/components/music', HTML)).body, /<h1 id="component-title" class="component-name" lang="en">Music<\/h1>/)
    assert.match((await get(app, '/de/status/components/music', HTML)).body, /<h1 id="component-title" class="component-name">Musik<\/h1>/)
  })
})

describe('the Follow section', () => {
  it('lists feeds, the Statuspage address, badge snippets and the MCP command on the page, in /status.md and in llms.txt', async (t) => {
    const { app } = await brandedSite(t, { PUBLIC_BASE_URL: 'https://status.acme.example' })
    const page = (await get(app, '/status', HTML)).body
    const follow = /<section id="follow"[\s\S]*?<\/section>/.exec(page)![0]
    assert.match(follow, /<h2 id="follow-heading">Follow<\/h2>/)
    assert.match(follow, /<a href="https:\/\/status\.acme\.example\/status\/feed\.atom">Atom<\/a> · <a href="https:\/\/status\.acme\.example\/status\/feed\.rss">RSS<\/a>/)
    assert.match(follow, /<code data-copy="Statuspage-compatible address, Page URL">https:\/\/status\.acme\.example\/status<\/code>/)
    assert.match(follow, /<code data-copy="Badge for a README, Markdown">\[!\[Acme status\]\(https:\/\/status\.acme\.example\/status\/badges\/status\.svg\)\]\(https:\/\/status\.acme\.example\/status\)<\/code>/)
    assert.match(follow, /<code data-copy="Badge for a README, HTML">&lt;a href=&quot;https:\/\/status\.acme\.example\/status&quot;&gt;&lt;img src=&quot;https:\/\/status\.acme\.example\/status\/badges\/status\.svg&quot; alt=&quot;Acme status&quot;&gt;&lt;\/a&gt;<\/code>/)
    assert.match(follow, /<code data-copy="For AI agents \(MCP\), Command">status-api mcp --url https:\/\/status\.acme\.example<\/code>/)
    assert.doesNotMatch(follow, /Prometheus/, 'metrics are private by default')
    assert.doesNotMatch(follow, /\/follow channel/, 'no Discord commands where this service does not answer them')
    assert.match(page, /<script type="module" src="\/assets\/follow\.[0-9a-f]{12}\.js"><\/script>/)
    const de = (await get(app, '/de/status', HTML)).body
    assert.match(de, /<h2 id="follow-heading">Folgen<\/h2>/)
    assert.match(de, /href="https:\/\/status\.acme\.example\/de\/status\/feed\.atom">Atom</)

    const markdown = (await get(app, '/status.md')).body
    assert.match(markdown, /^## Follow\n\n- \*\*Feeds\*\*: .* \[Atom\]\(https:\/\/status\.acme\.example\/status\/feed\.atom\), \[RSS\]\(https:\/\/status\.acme\.example\/status\/feed\.rss\)$/m)
    assert.match(markdown, /^ {2}- Page URL: `https:\/\/status\.acme\.example\/status`$/m)
    assert.match(markdown, /^ {2}- Command: `status-api mcp --url https:\/\/status\.acme\.example`$/m)
    assert.match((await get(app, '/de/status.md')).body, /^## Folgen$/m)
    const llms = (await get(app, '/llms.txt')).body
    assert.match(llms, /^## Follow\n/m)
    assert.match(llms, /^- \[Badge for a README: SVG\]\(https:\/\/status\.acme\.example\/status\/badges\/status\.svg\): .* Markdown: `\[!\[Acme status\]\(https:\/\/status\.acme\.example\/status\/badges\/status\.svg\)\]\(https:\/\/status\.acme\.example\/status\)`\./m)
    assert.match(llms, /^- \[For AI agents \(MCP\): How to set it up\]\(https:\/\/status\.acme\.example\/docs\/agents#mcp\): .* Command: `status-api mcp --url https:\/\/status\.acme\.example`\.$/m)
    assert.match(llms, /^- \[Statuspage-compatible address: summary\.json\]\(https:\/\/status\.acme\.example\/status\/api\/v2\/summary\.json\)/m)
  })

  it('lists the Discord commands first where this service answers them, then feeds, the calendar and webhooks, on the page, in /status.md and in llms.txt', async (t) => {
    const discord = { DISCORD_PUBLIC_KEY: 'ab'.repeat(32), DISCORD_APPLICATION_ID: '100000000000000001', DISCORD_OPERATOR_GUILD_ID: '100000000000000002', DISCORD_BOT_TOKEN: 'bot-token' }
    const { app } = await brandedSite(t, { PUBLIC_BASE_URL: 'https://status.acme.example', ...discord })
    const base = 'https:\\/\\/status\\.acme\\.example'
    for (const [url, prefix, docs] of [['/status', '', 'How it works'], ['/de/status', '\\/de', 'So funktioniert es']] as const) {
      const follow = /<section id="follow"[\s\S]*?<\/section>/.exec((await get(app, url, HTML)).body)![0]
      assert.deepEqual([...follow.matchAll(/<li class="follow-item follow--([a-z]+)">/g)].map((match) => match[1]),
        ['discord', 'feeds', 'calendar', 'webhooks', 'statuspage', 'badges', 'mcp'], `${url}: Discord first`)
      for (const command of ['/follow channel:#status', '/follow channel:#status components:{id},{id}', '/unfollow channel:#status', '/following']) {
        assert.ok(follow.includes(`>${command}</code>`), `${url}: ${command}`)
      }
      assert.match(follow, new RegExp(`<a href="${base}${prefix}\\/docs\\/follow">${docs}<\\/a>`))
      assert.match(follow, new RegExp(`<a href="${base}${prefix}\\/status\\/maintenance\\.ics">iCalendar \\(\\.ics\\)<\\/a>`), `${url}: the calendar of its language`)
      assert.match(follow, /\?component=\{id\}/, `${url}: the feeds' filter`)
      assert.match(follow, /components: .*, language: /, `${url}: the options, by the names the snippets use`)
    }
    const markdown = (await get(app, '/status.md')).body
    assert.match(markdown, /^## Follow\n\n- \*\*In your Discord server\*\*: With the bot in your server, \/follow .* \[How it works\]\(https:\/\/status\.acme\.example\/docs\/follow\)\n {2}- Follow: `\/follow channel:#status`\n/m)
    assert.match(markdown, /^ {2}- What your server follows: `\/following`$/m)
    assert.match(markdown, /^- \*\*Maintenance calendar\*\*: .* \[iCalendar \(\.ics\)\]\(https:\/\/status\.acme\.example\/status\/maintenance\.ics\)$/m)
    assert.match((await get(app, '/de/status.md')).body, /^## Folgen\n\n- \*\*In Ihrem Discord-Server\*\*: /m)
    const llms = (await get(app, '/llms.txt')).body
    assert.match(llms, /^## Follow\n\n- \[In your Discord server: How it works\]\(https:\/\/status\.acme\.example\/docs\/follow\): With the bot .* Follow: `\/follow channel:#status`\. .* Stop: `\/unfollow channel:#status`\. What your server follows: `\/following`\.\n- \[Feeds: Atom\]/m)
    assert.match(llms, /^- \[Maintenance calendar: iCalendar \(\.ics\)\]\(https:\/\/status\.acme\.example\/status\/maintenance\.ics\): /m)
    assert.match(llms, /^- \[Webhooks: Notifications\]\(https:\/\/status\.acme\.example\/docs\/notifications\): /m)
  })

  it('lists Prometheus only when the metrics listener is reachable beyond loopback', () => {
    assert.equal(publicMetricsPort(undefined, '0.0.0.0'), undefined)
    assert.equal(publicMetricsPort(9464, '127.0.0.1'), undefined)
    assert.equal(publicMetricsPort(9464, '::1'), undefined)
    assert.equal(publicMetricsPort(9464, 'localhost'), undefined)
    assert.equal(publicMetricsPort(9464, '0.0.0.0'), 9464)
    const entries = followEntries({ lang: 'de', germanPrefix: '/de', productName: 'Acme', publicMetricsPort: 9464 })
    assert.deepEqual(entries.map((entry) => entry.key), ['feeds', 'calendar', 'webhooks', 'statuspage', 'badges', 'mcp', 'metrics'])
    assert.equal(entries.at(-1)!.text, 'Metriken im Prometheus-Textformat auf Port 9464 des Hosts dieses Dienstes, Pfad /metrics.')
  })
})
