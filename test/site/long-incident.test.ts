// Issue 41, item 4 (the page): an incident with 300 updates of 5,000 characters held the public /status at 1.5–2.7 MB.
// A real `status-api serve` (SQLite) over such an incident, open and then resolved: /status, /de/status, /status.md and
// the history page show its latest updates and link to its page, which has every one.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { openIncident, resolveIncident, updateIncident } from '../../src/incidents/writes.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { LATEST_UPDATES } from '../../src/view/status-view.js'
import { startApp, type AppProcess } from '../services/app-process.ts'

const UPDATES = 300
const LONG = (n: number) => `Update ${n}: ${'the gateway is still slow. '.repeat(200)}`.slice(0, 5000)
/** What the page may weigh with such an incident: its latest updates (3 × 5 KB) and everything else. */
const BOUND = 200 * 1024

describe('an incident with 300 updates of 5,000 characters', { timeout: 120_000 }, () => {
  let dir: string
  let app: AppProcess
  let id: number

  const get = async (pathname: string) => {
    const response = await fetch(`${app.url}${pathname}`, { headers: { 'accept-encoding': 'identity' } })
    assert.equal(response.status, 200, pathname)
    return await response.text()
  }
  const start = async () => { app = await startApp({ DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '0' }) }

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-long-incident-'))
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    await migrate(database)
    const now = Date.now() - UPDATES * 60_000
    id = await openIncident(database.db, { title: 'Slow replies', impact: 'minor', status: 'investigating', message: LONG(1) }, now)
    for (let n = 2; n <= UPDATES; n++) await updateIncident(database.db, id, { status: 'monitoring', message: LONG(n) }, now + n * 60_000)
    await database.close()
    await start()
  })

  after(async () => {
    await app?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const checkList = (html: string, href: string, earlier: RegExp) => {
    assert.ok(html.includes(`Update ${UPDATES}: `), 'the newest update is shown')
    assert.ok(html.includes(`Update ${UPDATES - LATEST_UPDATES + 1}: `))
    assert.ok(!html.includes(`Update ${UPDATES - LATEST_UPDATES}: `), 'older ones are not')
    assert.match(html, new RegExp(`<p class="updates-more"><a href="${href}">${earlier.source}`))
  }

  it('open: /status and /de/status show the latest updates and link to the incident page for the rest', async () => {
    for (const [pathname, href, earlier] of [
      ['/status', `/status/incidents/${id}`, /297 earlier updates on the incident&#39;s page/],
      ['/de/status', `/de/status/incidents/${id}`, /297 frühere Meldungen auf der Seite des Vorfalls/]
    ] as const) {
      const html = await get(pathname)
      console.log(`${pathname} with the incident open: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB`)
      assert.ok(Buffer.byteLength(html) < BOUND, `${pathname}: ${Buffer.byteLength(html)} bytes`)
      checkList(html, href, earlier)
    }
    const markdown = await get('/status.md')
    assert.ok(Buffer.byteLength(markdown) < BOUND, `/status.md: ${Buffer.byteLength(markdown)} bytes`)
    assert.ok(!markdown.includes(`Update ${UPDATES - LATEST_UPDATES}: `))
    assert.match(markdown, new RegExp(`- 297 earlier updates on the incident's page: <https?://[^>]+/status/incidents/${id}>`))
    const incidentPage = await get(`/status/incidents/${id}`)
    assert.equal((incidentPage.match(/<p class="message">Update \d+: /g) ?? []).length, UPDATES, 'the incident page has every update')
  })

  it('resolved: the past incidents and the history page show the latest updates too', async () => {
    await app.stop()
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    await resolveIncident(database.db, id, 'Fixed.', Date.now())
    await database.close()
    await start()
    const html = await get('/status')
    assert.ok(Buffer.byteLength(html) < BOUND, `/status: ${Buffer.byteLength(html)} bytes`)
    assert.ok(html.includes('Fixed.'))
    assert.match(html, new RegExp(`<p class="updates-more"><a href="/status/incidents/${id}">298 earlier updates`))
    const history = await get('/status/history')
    assert.ok(Buffer.byteLength(history) < BOUND, `/status/history: ${Buffer.byteLength(history)} bytes`)
  })
})
