// Where a post-mortem shows, on SQLite and PostgreSQL: the incident page's "Post-mortem" section (rendered, raw HTML
// refused, links only http(s) or relative), its Markdown twin, the public body (when and where, not the text), the
// Statuspage copy, the feeds (one entry) and /status.md; all answered from memory.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ManualClock } from '../../src/lib/clock.ts'
import { publishPostmortem } from '../../src/incidents/postmortems.ts'
import { openIncident, resolveIncident } from '../../src/incidents/writes.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const MINUTE = 60_000

const MARKDOWN = `# Timeline

At 14:02 the gateway dropped. See [the dashboard](https://example.com/d?a=1&b=2) and [the status](/status).

<script>window.hacked = 1</script>

<img src=x onerror="window.hacked = 1">

[click](javascript:window.hacked=1) [data](data:text/html,<script>window.hacked=1</script>) <!-- a comment -->

| Time | What |
| --- | --- |
| 14:02 | **Alerts** |
`

for (const backend of databaseBackends()) {
  describe(`post-mortem surfaces on ${backend.name}`, { skip: backend.skip }, () => {
    it('show on the incident page, its Markdown, the lists, the Statuspage copy and the feeds, from memory', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, { ...await backend.env(), PUBLIC_BASE_URL: 'https://status.example.com' }, { clock })
      const { db } = context.database
      const id = await openIncident(db, { title: 'Bot offline', impact: 'major', status: 'investigating', message: 'Shards are dropping.' }, clock.now())
      await resolveIncident(db, id, 'All shards are back.', clock.now() + 30 * MINUTE)
      clock.advance(24 * 60 * MINUTE)
      await publishPostmortem(db, id, MARKDOWN, clock.now(), 'ops')
      const publishedAt = new Date(clock.now()).toISOString()
      await context.incidents.refresh()
      await context.monitor.runOnce()
      // From here on, nothing is read from the database per request: the row is gone, the pages still show it.
      context.incidents.stop()
      await db.deleteFrom('incident_postmortems').execute()

      const page = await app.inject(`/status/incidents/${id}`)
      assert.equal(page.statusCode, 200)
      const section = /<section class="card postmortem" id="postmortem"[^]*?<\/section>/.exec(page.body)?.[0]
      assert.ok(section !== undefined, 'the page has its post-mortem section')
      assert.match(section, /<h2 id="postmortem-title">Post-mortem<\/h2>/)
      assert.match(section, /<h3>Timeline<\/h3>/)
      assert.match(section, /<a href="https:\/\/example\.com\/d\?a=1&amp;b=2" rel="nofollow noopener noreferrer ugc">the dashboard<\/a>/)
      assert.match(section, /<a href="\/status">the status<\/a>/)
      assert.match(section, /<table>/)
      assert.match(section, /&lt;script&gt;window\.hacked = 1&lt;\/script&gt;/, 'raw HTML is shown as text')
      assert.match(section, /&lt;!-- a comment --&gt;/)
      assert.doesNotMatch(section, /<script|<img|<[a-z][^>]*\son[a-z]+\s*=|href="(javascript|data):/i)
      assert.match(section, /click data/, 'refused links keep their text')

      const german = await app.inject(`/de/status/incidents/${id}`)
      assert.match(german.body, /<h2 id="postmortem-title">Nachbetrachtung<\/h2>/)

      const markdown = await app.inject(`/status/incidents/${id}.md`)
      assert.equal(markdown.statusCode, 200)
      assert.match(String(markdown.headers['content-type']), /^text\/markdown/)
      assert.ok(markdown.body.includes(MARKDOWN.trimEnd()), 'the Markdown as written')
      assert.match(markdown.body, /^# Bot offline$/m)
      assert.match(markdown.body, /^## Post-mortem$/m)
      assert.match(markdown.body, new RegExp(`<https://status\\.example\\.com/status/incidents/${id}#postmortem>`))
      assert.equal((await app.inject('/status/incidents/999.md')).statusCode, 404)

      const body = (await app.inject('/api/v1/health/incidents')).json()
      assert.deepEqual(body.incidents[0].postmortem, { publishedAt, updatedAt: publishedAt, url: `/status/incidents/${id}#postmortem` })
      assert.ok(!JSON.stringify(body).includes('Timeline'), 'the list carries no text')

      const copy = (await app.inject('/status/api/v2/incidents.json')).json()
      const copied = copy.incidents.find((incident: { id: string }) => incident.id === String(id))
      assert.equal(copied.postmortem_body, MARKDOWN)
      assert.equal(copied.postmortem_body_last_updated_at, publishedAt)

      for (const feed of ['/status/feed.atom', '/status/feed.rss', '/de/status/feed.atom']) {
        const xml = (await app.inject(feed)).body
        assert.equal(xml.split(`incident/${id}/postmortem`).length - 1, 1, `${feed}: one post-mortem entry`)
        assert.ok(xml.includes(`/status/incidents/${id}#postmortem`), `${feed}: it links to the post-mortem`)
        assert.ok(!xml.includes('Timeline'), `${feed}: the link, not the text`)
      }

      const status = (await app.inject('/status')).body
      assert.ok(status.includes(`<a href="/status/incidents/${id}#postmortem">Read the post-mortem`), 'the status page links it')
      assert.ok(!status.includes('Timeline'))

      const statusMd = (await app.inject('/status.md')).body
      assert.ok(statusMd.includes(`Read the post-mortem: <https://status.example.com/status/incidents/${id}.md>`))
    })
  })
}
