// Markdown views for agents: /status.md (English and German) from the same bodies as the status page, rebuilt when
// they change; each doc page's Markdown at its .md address; /llms-full.txt; all linked from llms.txt.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { projectRoot } from '../../src/config/project-root.ts'
import { readFrontMatter } from '../../src/docs/front-matter.ts'
import { openIncident } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const MARKDOWN = 'text/markdown; charset=utf-8'

describe('/status.md', () => {
  for (const backend of databaseBackends()) {
    it(`is the status page as Markdown, with ETag/304, rebuilt when an incident opens (${backend.name})`, { skip: backend.skip }, async (t) => {
      // A clock of its own: on the wall clock a new minute between two requests recomputes the history (and the ETag).
      const { app, context } = await buildTestApp(t, await backend.env(), { clock: new ManualClock('2026-11-21T12:00:30.000Z') })
      await context.monitor.runOnce()
      const first = await app.inject('/status.md')
      assert.equal(first.statusCode, 200)
      assert.equal(first.headers['content-type'], MARKDOWN)
      assert.match(String(first.headers['cache-control']), /^public, max-age=10, s-maxage=\d+, /)
      assert.ok(first.headers.etag)
      // The headline as the page says it: no shard has reported, so the bot is unknown and not claimed to work.
      assert.match(first.body, /^# Status\n\n\*\*All reporting systems operational; 1 component has not reported yet\*\* — The components that have reported are running normally; the status of the others is not known yet\.\n/)
      for (const heading of ['## Active incidents', '## Components', '## Uptime', '## Discord', '## Past incidents (90 days)']) {
        assert.ok(first.body.includes(`\n${heading}\n`), heading)
      }
      assert.ok(first.body.indexOf('\n## Active incidents\n') < first.body.indexOf('\n## Components\n'), 'what is going on now first, as on the page')
      assert.match(first.body, /\| Database `database` \| Operational \| [\d.]+ ms \|/)
      assert.match(first.body, /\| Last 24 hours \| 100% \| 1 of 1440 \|/)
      assert.ok(first.body.includes('No active incidents.'))
      assert.equal((await app.inject({ url: '/status.md', headers: { 'if-none-match': first.headers.etag as string } })).statusCode, 304)
      assert.equal((await app.inject('/status.md')).headers.etag, first.headers.etag, 'same bodies, same bytes')

      await openIncident(context.database.db, { title: 'Replies [slow](javascript:alert(1)) | *now*', impact: 'major', status: 'investigating', message: 'We are\nlooking.' }, context.clock.now())
      await context.incidents.refresh()
      const second = await app.inject('/status.md')
      assert.notEqual(second.headers.etag, first.headers.etag)
      assert.ok(second.body.includes('### Replies \\[slow\\](javascript:alert(1)) \\| \\*now\\*'), 'text from a body carries no markup')
      assert.ok(second.body.includes('Major impact · Investigating · Started '))
      assert.match(second.body, /- .+ — \*\*Investigating\*\*: We are looking\.\n/)
    })
  }

  it('speaks German under the German prefix', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    const response = await app.inject('/de/status.md')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], MARKDOWN)
    assert.ok(response.body.includes('## Komponenten'))
    assert.ok(response.body.includes('| Letzte 24 Stunden |'))
  })

  it('says what is missing before the first probe round instead of failing', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject('/status.md')
    assert.equal(response.statusCode, 200)
    assert.ok(response.body.includes('This information is not available right now'))
  })
})

describe('docs as Markdown', () => {
  it('serves each page\'s Markdown source, front matter left out, at its .md address in both languages', async (t) => {
    const { app, context } = await buildTestApp(t)
    for (const [locale, file, url] of [['en', 'api.md', '/docs/api.md'], ['de', 'api.md', '/de/docs/api.md'], ['en', 'index.md', '/docs/index.md']] as const) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.headers['content-type'], MARKDOWN)
      assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=\d+, /)
      const source = readFrontMatter(readFileSync(path.join(projectRoot, 'docs', locale, file), 'utf8')).body
      assert.equal(response.body, source.trimStart(), url)
      assert.ok(!response.body.startsWith('---'), 'no front matter')
      assert.equal((await app.inject({ url, headers: { 'if-none-match': response.headers.etag as string } })).statusCode, 304)
    }
    assert.equal(context.docs.list('en').length, context.docs.list('de').length)
    const missing = await app.inject('/docs/no-such-page.md')
    assert.equal(missing.statusCode, 404)
    assert.match(missing.headers['content-type'] as string, /^application\/problem\+json/)
  })

  it('adds the title as H1 to a page without one and keeps file links working (fixture docs)', async (t) => {
    const { app } = await buildTestApp(t, { DOCS_DIR: path.join(projectRoot, 'test/docs/fixture') })
    const setup = await app.inject('/docs/guide/setup.md') // setup.mdx: MDX syntax left out
    assert.equal(setup.statusCode, 200)
    assert.match(setup.body, /^# Setup guide\n/, 'the MDX import block above the heading is left out')
    assert.ok(setup.body.includes('[index](../index.md)'))
    assert.equal((await app.inject('/docs/index.md')).statusCode, 200, 'where ../index.md leads from /docs/guide/setup.md')
    const plain = await app.inject('/de/docs/guide/plain.md')
    assert.equal(plain.statusCode, 200)
    assert.match(plain.body, /^# /)
  })

  it('/llms-full.txt holds every page of both languages with links made site paths', async (t) => {
    const { app, context } = await buildTestApp(t)
    const response = await app.inject('/llms-full.txt')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
    assert.ok(response.headers.etag)
    for (const locale of ['en', 'de'] as const) {
      for (const page of context.docs.list(locale)) assert.ok(response.body.includes(`\nSource: ${page.url}\n`), page.url)
    }
    assert.ok(response.body.includes('](/docs/status-definitions.md#overall-status)'), 'a relative link resolved')
    assert.doesNotMatch(response.body, /\]\((?![a-z]+:|\/)[^)]+\)/i, 'no relative link left')
  })

  it('llms.txt links /status.md, /llms-full.txt and every page\'s .md, and each link answers', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    const body = (await app.inject({ url: '/llms.txt', headers: { host: 'status.test' } })).body
    const section = body.slice(body.indexOf('## Markdown'), body.indexOf('## Endpoints'))
    const links = [...section.matchAll(/\]\(http:\/\/status\.test([^)]+)\)/g)].map((m) => m[1]!)
    const expected = ['/status.md', '/de/status.md', '/fr/status.md', '/es/status.md', '/pt-br/status.md', '/llms-full.txt',
      ...(['en', 'de'] as const).flatMap((locale) => context.docs.list(locale).map((page) => page.markdownUrl))]
    assert.deepEqual(links.sort(), expected.sort())
    for (const link of links) assert.equal((await app.inject(link)).statusCode, 200, link)
  })
})
