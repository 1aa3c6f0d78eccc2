// The Nu HTML checker (vnu.jar from the vnu-jar package, on the machine's Java) over every page a user can reach, in
// every language: each page the sitemap lists, those it cannot list (incidents and maintenance windows in each state,
// the 404 page, the docs search results, "Find your server" answered), the shard grid, and the stylesheets and SVG
// images the pages load. One JVM start for all of them; no errors.
import assert from 'node:assert/strict'
import { execFile, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { promisify } from 'node:util'
import { projectRoot } from '../../src/config/project-root.ts'
import { endMaintenance, openIncident, resolveIncident, scheduleMaintenance } from '../../src/incidents/writes.ts'
import { publishPostmortem } from '../../src/incidents/postmortems.ts'
import { MINUTE_MS } from '../../src/lib/minutes.ts'
import { skipUnless, which } from '../services/binaries.ts'
import { buildTestApp, tempDir } from '../helper.ts'
import { componentSite } from './component-site.ts'
import { shards } from './fixtures.ts'
import { sitemapPaths } from './sitemap-paths.ts'
import { buildSiteApp } from './site-app.ts'
import { assetPath } from '../../src/site/asset-files.ts'

const VNU_JAR = path.join(projectRoot, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar')
/** vnu.jar needs Java 17 or newer (Debian 12's default-jre-headless, which `.ci/run` installs, is 17). */
const JAVA_MAJOR = 17
const DAY_MS = 86_400_000

/** The major version of the machine's `java`, or undefined without one ("1.8.0" is Java 8). */
function javaMajorVersion (): number | undefined {
  if (which('java') === undefined) return undefined
  const { stderr } = spawnSync('java', ['-version'], { encoding: 'utf8' })
  const [, first, second] = /version "(\d+)(?:\.(\d+))?/.exec(stderr) ?? []
  if (first === undefined) return undefined
  return Number(first === '1' ? second : first)
}

/** The skip reason when there is no Java to run the checker with. */
function javaSkip (): string | undefined {
  return skipUnless((javaMajorVersion() ?? 0) >= JAVA_MAJOR, `java ${JAVA_MAJOR} or newer (for the Nu HTML checker)`)
}

interface NuMessage { type: string, subType?: string, url?: string, lastLine?: number, message: string, extract?: string }

/**
 * The checker over all files in one JVM: its messages (errors, warnings, infos), read from its JSON. A short run: the
 * quick compiler only (about half the time on a busy machine), whose frames need a deeper stack than the checker's
 * 512k minimum, and one GC thread.
 */
async function nuCheck (files: string[]): Promise<NuMessage[]> {
  const args = ['-XX:TieredStopAtLevel=1', '-Xss4m', '-XX:+UseSerialGC', '-jar', VNU_JAR, '--also-check-css', '--also-check-svg', '--format', 'json', '--stdout', '--exit-zero-always', ...files]
  const { stdout } = await promisify(execFile)('java', args, { maxBuffer: 64 * 1024 * 1024, timeout: 110_000 })
  return (JSON.parse(stdout) as { messages: NuMessage[] }).messages
}

/**
 * What the checker gets wrong, not the page: a standalone SVG file is checked against SVG 1.1, which lacks SVG 2's
 * `vector-effect` (the same attribute passes in an SVG inside HTML). The sparkline image needs it: the page stretches
 * the 287 × 100 image to 288 × 28 px, and its line would be drawn a quarter as thick where it runs flat without it.
 */
function checkerLimit (file: string, message: NuMessage): boolean {
  return file.endsWith('.svg') && /^Attribute “vector-effect” not allowed on element “path”/.test(message.message)
}

interface Page {
  base: string
  path: string
  status?: number
  label?: string
  /** Served by the site alone over fixture data: it links images of routes it does not have. */
  fixture?: true
}

/** The incident pages' data beyond componentSite's open incident and active window: a resolved one, a window in the future and an ended one. */
async function moreIncidents (site: Awaited<ReturnType<typeof componentSite>>) {
  const { db } = site.context.database
  const now = site.clock.now()
  const resolved = await openIncident(db, { title: 'Slow cache', impact: 'minor', status: 'investigating', message: 'Reads are slow.', components: [{ id: 'cache' }] }, now - 60 * MINUTE_MS)
  await resolveIncident(db, resolved, 'Reads are fast again.', now - 10 * MINUTE_MS)
  // Its post-mortem uses every block the renderer writes: headings, a table, code, a quote, lists, raw HTML shown as text.
  await publishPostmortem(db, resolved, '# Timeline\n\n## Cause\n\n| When | What |\n| :-- | --: |\n| 14:02 | **alerts** |\n\n```\nredis-cli info\n```\n\n' +
    '> A quote\n\n- one\n  - two\n\n1. first\n\n<b onclick="x()">raw</b> [a link](https://example.com) ![an image](https://example.com/i.png)\n\n---\n', now - 5 * MINUTE_MS)
  const scheduled = await scheduleMaintenance(db, { title: 'Cache move', message: 'A new host.', startsAt: now + DAY_MS, endsAt: now + DAY_MS + 60 * MINUTE_MS, components: ['cache'] }, now)
  const ended = await scheduleMaintenance(db, { title: 'Disk swap', message: 'Done quickly.', startsAt: now - 30 * MINUTE_MS, endsAt: now + 30 * MINUTE_MS }, now - 60 * MINUTE_MS)
  await endMaintenance(db, ended, now - 5 * MINUTE_MS)
  await site.context.incidents.refresh()
  await site.context.monitor.runOnce()
  return { resolved, scheduled, ended }
}

/** Every page to check, on three apps: the real app with a status file and incidents, the real app on the built-in model, and the site with a shard grid. */
async function everyPage (t: TestContext): Promise<Page[]> {
  const site = await componentSite(t, {}, { siteNotice: 'This page shows demo data.' })
  const { resolved, scheduled, ended } = await moreIncidents(site)
  const base = await site.app.listen({ port: 0, host: '127.0.0.1' })
  const builtin = await buildTestApp(t)
  await builtin.context.monitor.runOnce()
  const builtinBase = await builtin.app.listen({ port: 0, host: '127.0.0.1' })
  const shardSite = await buildSiteApp(t)
  shardSite.fixture.shardsBody = shards(64, 16, { 5: 'reconnecting', 20: 'disconnected', 41: 'silent', 63: 'missing' })
  const shardBase = await shardSite.app.listen({ port: 0, host: '127.0.0.1' })
  const { incident, window } = site
  return [
    ...(await sitemapPaths(base)).map((page) => ({ base, path: page })),
    ...[
      `/status/incidents/${incident}`, `/de/status/incidents/${incident}`, `/status/incidents/${resolved}`, `/de/status/incidents/${resolved}`,
      `/status/maintenance/${window}`, `/de/status/maintenance/${window}`, `/status/maintenance/${scheduled}`, `/de/status/maintenance/${ended}`,
      `/fr/status/incidents/${incident}`, `/es/status/incidents/${resolved}`, `/pt-br/status/maintenance/${window}`, `/fr/status/maintenance/${scheduled}`,
      '/docs/search?q=shard+latency', '/de/docs/search?q=Schl%C3%BCssel', '/docs/search?q=zzqqxx', '/de/docs/search',
      // The uptime calendar's months before this one (the sitemap has this month's page in every language).
      ...['/status/uptime', '/de/status/uptime'].map((page) => `${page}?month=${new Date(Date.now() - 62 * 86_400_000).toISOString().slice(0, 7)}`)
    ].map((page) => ({ base, path: page })),
    { base, path: '/no/such/page', status: 404 },
    { base, path: '/de/no/such/page', status: 404 },
    ...['/fr/no/such/page', '/es/no/such/page', '/pt-br/no/such/page', '/xx/status'].map((page) => ({ base, path: page, status: 404 })),
    ...['/', '/status', '/de/status', '/fr/status', '/pt-br'].map((page) => ({ base: builtinBase, path: page, label: `${page} (built-in model)` })),
    ...['/status', '/status?guild=81384788765712384', '/de/status?guild=18446744073709551615', '/status?guild=my+server']
      .map((page) => ({ base: shardBase, path: page, label: `${page} (64 shards)`, fixture: true as const }))
  ]
}

describe('the Nu HTML checker', { skip: javaSkip(), timeout: 120_000 }, () => {
  it('finds no error on any page a user can reach, nor in the stylesheets and SVG images the pages load', async (t) => {
    const dir = tempDir(t, 'status-api-nu-')
    const labels = new Map<string, string>()
    const keep = async (url: string, status: number, label: string, type: RegExp) => {
      const response = await fetch(url, { headers: { accept: 'text/html' } })
      assert.equal(response.status, status, label)
      assert.match(String(response.headers.get('content-type')), type, label)
      const extension = /\.(?:css|svg)$/.exec(new URL(url).pathname)?.[0] ?? '.html'
      const file = `${String(labels.size).padStart(3, '0')}${new URL(url).pathname.replace(/\.(?:css|svg)$/, '').replace(/[^a-z0-9]+/gi, '-')}${extension}`
      writeFileSync(path.join(dir, file), await response.text())
      labels.set(file, label)
    }
    const pages = await everyPage(t)
    for (const page of pages) await keep(`${page.base}${page.path}`, page.status ?? 200, page.label ?? page.path, /^text\/html/)
    // What the pages of the real apps load from their own site that the checker reads too: stylesheets and SVG images.
    const loaded = new Map<string, string>()
    for (const [index, file] of [...labels.keys()].entries()) {
      const { base, fixture } = pages[index]!
      if (fixture === true) continue
      for (const [, ref] of readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:href|src)="(\/[^"?]+\.(?:css|svg))(?:\?[^"]*)?"/g)) loaded.set(ref!, base)
    }
    for (const [ref, base] of loaded) await keep(`${base}${ref}`, 200, ref, /^(?:text\/css|image\/svg\+xml)/)

    const messages = await nuCheck([...labels.keys()].map((file) => path.join(dir, file)))
    const fileOf = (m: NuMessage) => m.url === undefined ? '' : path.basename(new URL(m.url).pathname)
    const line = (m: NuMessage) => `${labels.get(fileOf(m)) ?? m.url ?? '(checker)'}:${m.lastLine ?? '?'} ${m.message}` +
      (m.extract === undefined ? '' : ` [${m.extract.replace(/\s+/g, ' ').trim().slice(0, 100)}]`)
    const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning')
    t.diagnostic(`${pages.length} pages and ${loaded.size} stylesheets and images checked: ${warnings.length} warnings`)
    for (const warning of warnings) t.diagnostic(`warning: ${line(warning)}`)
    assert.ok(loaded.has(assetPath('site.css')) && loaded.has('/status/components/database/latency.svg'), [...loaded.keys()].join(' '))
    assert.deepEqual(messages.filter((m) => m.type !== 'info' && !checkerLimit(fileOf(m), m)).map(line), [])
  })
})
