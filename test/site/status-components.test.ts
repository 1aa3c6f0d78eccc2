// The status page renders the model (docs/en/architecture.md#status-model) and nothing else: the headline's data-indicator and every component's
// data-component/data-status equal the body of /api/v1/health/components, in several situations and both languages;
// groups in page order, folded when declared collapsed; the product name; uptime rows per component.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ComponentsBody } from '../../src/api/components.ts'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { componentLayout } from '../../src/view/status-view.js'
import { renderIncidentPage } from '../../src/site/incident-page.ts'
import { builtinDeclaration } from '../../src/declaration/declaration.ts'
import * as data from './fixtures.ts'
import { buildSiteApp } from './site-app.ts'

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m.slice(1))

/** The components section of a page. */
function componentsOf (html: string): string {
  const start = html.indexOf('<section id="components"')
  return html.slice(start, html.indexOf('</section>', start))
}

/** Every component's [id, status] as the page's data attributes say, in page order. */
const shownComponents = (html: string) => all(componentsOf(html), /data-component="([^"]+)" data-status="([^"]+)"/g)

async function groupedApp (t: Parameters<typeof buildSiteApp>[0], kind: 'minor' | 'fine' | 'unknown') {
  const site = await buildSiteApp(t, { declaration: data.groupedDeclaration() })
  const situation = data.groupedSituation(kind)
  site.fixture.componentsBody = situation.components
  site.fixture.incidentsBody = situation.incidents
  site.fixture.healthBody = situation.health
  return { ...site, model: situation.components }
}

function assertRendersModel (html: string, model: ComponentsBody, label: string) {
  assert.match(html, new RegExp(`<div id="status" [^>]*data-indicator="${model.indicator}">`), label)
  assert.match(html, new RegExp(`<section id="overall" [^>]*data-indicator="${model.indicator}"`), label)
  assert.deepEqual(shownComponents(html), model.components.map((c) => [c.id, c.status]), label)
  const groups = all(componentsOf(html), /data-group="([^"]+)" data-status="([^"]+)"><details data-key="group-[^"]+"( open)?>/g)
  assert.deepEqual(groups, model.groups.map((g) => [g.id, g.status, g.collapsed ? undefined : ' open']), `${label}: groups, folded when collapsed`)
}

describe('the status page renders the model', () => {
  it('a minor incident naming a component and a window putting another under maintenance, in English and German', async (t) => {
    const { app, model } = await groupedApp(t, 'minor')
    assert.equal(model.indicator, 'minor')
    const status = Object.fromEntries(model.components.map((c) => [c.id, c.status]))
    assert.equal(status.music, 'degraded_performance')
    assert.equal(status.dashboard, 'under_maintenance')
    assert.equal(status.website, 'operational')

    const english = (await app.inject('/status')).body
    assertRendersModel(english, model, 'en')
    assert.match(english, /<title>Acme status – Minor service disruption<\/title>/)
    assert.match(english, /<h1>Acme status<\/h1>/)
    const section = componentsOf(english)
    assert.match(section, /data-component="music" data-status="degraded_performance"><div class="component-head"><h4 class="component-name"><a href="\/status\/components\/music">Music<\/a><\/h4><span class="badge badge--degraded">[^]*?Degraded performance/)
    assert.match(section, /data-component="dashboard" data-status="under_maintenance">[^]*?Under maintenance/)
    // Each links to what affects it: the incident by its title, the window by its title.
    assert.match(section, /data-component="music"[^]*?Affected: <a href="\/status\/incidents\/9">Slow responses from the bot<\/a>/)
    assert.match(section, /data-component="dashboard"[^]*?Affected: <a href="\/status\/maintenance\/3">Database upgrade<\/a>/)
    // The active incident card and the maintenance banner name what they affect; an id the model lacks stays plain text.
    assert.match(english, /<div class="affected"><span class="affected-label">Affected:<\/span> <ul class="affected-list"><li><a href="\/status\/components\/music">Music<\/a> <span class="meta">\(Degraded performance\)<\/span><\/li><li>retired-voice <span class="meta">/)
    assert.match(english, /class="maintenance-banner"[^]*?Affected:<\/span> <ul class="affected-list"><li><a href="\/status\/components\/dashboard">Dashboard<\/a><\/li><\/ul>/)

    const german = (await app.inject('/de/status')).body
    assertRendersModel(german, model, 'de')
    assert.match(german, /<title>Acme Status – Kleinere Störung<\/title>/)
    assert.match(componentsOf(german), /<h4 class="component-name"><a href="\/de\/status\/components\/music">Musik<\/a><\/h4><span class="badge badge--degraded">[^]*?Eingeschränkte Leistung/)
    assert.match(componentsOf(german), /<h3 class="component-name">Website und Dashboard<\/h3><span class="badge badge--maintenance">[^]*?In Wartung/)
    assert.match(componentsOf(german), /Betroffen: <a href="\/de\/status\/incidents\/9">/)
    // The platform component's message is English text on the German page.
    assert.match(componentsOf(german), /data-component="discord-api"[^]*?<li lang="en">As reported on Discord&#39;s status page \(last known status\)\.<\/li>/)
  })

  it('all fine: indicator none, every component operational', async (t) => {
    const { app, model } = await groupedApp(t, 'fine')
    assert.equal(model.indicator, 'none')
    assert.ok(model.components.every((c) => c.status === 'operational'))
    for (const url of ['/status', '/de/status']) assertRendersModel((await app.inject(url)).body, model, url)
    assert.match((await app.inject('/status')).body, /<h2 id="overall-title">All systems operational<\/h2>/)
  })

  it('components nothing is known of yet show as unknown, and the headline says they have not reported instead of that all works', async (t) => {
    const { app, model } = await groupedApp(t, 'unknown')
    assert.deepEqual(model.components.filter((c) => c.status === 'unknown').map((c) => c.id), ['music', 'dashboard', 'website', 'discord-api'])
    assert.deepEqual([model.indicator, model.unknownComponents], ['none', 4])
    for (const url of ['/status', '/de/status']) assertRendersModel((await app.inject(url)).body, model, url)
    const page = (await app.inject('/status')).body
    assert.match(page, /<h2 id="overall-title">All reporting systems operational; 4 components have not reported yet<\/h2><p>The components that have reported are running normally; the status of the others is not known yet\.<\/p>/)
    assert.match(page, /<title>Acme status – All reporting systems operational; 4 components have not reported yet<\/title>/)
    assert.doesNotMatch(page, /All systems operational/)
    const germanPage = (await app.inject('/de/status')).body
    assert.match(germanPage, /<h2 id="overall-title">Alle meldenden Systeme betriebsbereit; 4 Komponenten haben sich noch nicht gemeldet<\/h2>/)
    assert.doesNotMatch(germanPage, /Alle Systeme betriebsbereit/)
    assert.match((await app.inject('/')).body, /All reporting systems operational; 4 components have not reported yet/, 'the home page\'s summary too')
    const english = componentsOf(page)
    assert.match(english, /data-component="music" data-status="unknown">[^]*?<span class="badge badge--unknown">[^]*?Unknown<\/span>[^]*?Not checked yet\./)
    assert.match(componentsOf((await app.inject('/de/status')).body), /data-component="music"[^]*?Unbekannt/)
  })

  it('lays out groups where their first component is, components in file order', () => {
    const declaration = data.groupedDeclaration()
    // The database moves between the bot's components: the bot group still stands where its first component is.
    declaration.components.splice(1, 0, declaration.components.pop()!)
    const model = data.modelBody({ declaration, checks: data.GROUPED_CHECKS })
    const layout = componentLayout(model).map((item) => item.component !== undefined ? item.component.id : `${item.group.id}: ${item.members.map((m) => m.id).join(' ')}`)
    assert.deepEqual(layout, ['bot: gateway music', 'database', 'api', 'web: dashboard website', 'discord-api'])
  })

  it('without a status file: the built-in three, the generic title, no groups', async (t) => {
    const { app, fixture } = await buildSiteApp(t)
    const model = fixture.components()
    assert.deepEqual(builtinDeclaration().components.map((c) => c.id), ['database', 'cache', 'bot'])
    for (const url of ['/status', '/de/status']) {
      const html = (await app.inject(url)).body
      assertRendersModel(html, model, url)
      assert.doesNotMatch(html, /data-group=/)
    }
    assert.match((await app.inject('/status')).body, /<h1>System status<\/h1>/)
    assert.match((await app.inject('/de/status')).body, /<h1>Systemstatus<\/h1>/)
  })

  it('draws one uptime row per component of the model; one the history does not know yet says so', async (t) => {
    const { app } = await groupedApp(t, 'minor')
    const html = (await app.inject('/status')).body
    const rows = all(html, /<div class="bar" data-uptime="([^"]+)"><div class="bar-head"><h3>([^<]+)<\/h3><span class="bar-percent">(?:<span class="wide">)?([^<]+)<\/span>/g)
    assert.deepEqual(rows.map(([id]) => id), ['gateway', 'music', 'api', 'dashboard', 'website', 'discord-api', 'database'])
    assert.deepEqual(rows.find(([id]) => id === 'database'), ['database', 'Database', '99.97% uptime'])
    assert.deepEqual(rows.find(([id]) => id === 'music'), ['music', 'Music', 'No data'])
    assert.match(html, /data-uptime="music">[^]*?<p class="bar-missing">No figures for this component yet\.<\/p>/)
    // The history has no "gateway": its builtin's figures are under "bot" until the per-component history lands.
    assert.equal(all(html, /<ol class="days" aria-label="([^"]+)"/g).map(([name]) => name).join(', '), 'Overall, Database')
  })

  it('an incident page lists the components the incident names, by their declared names', () => {
    const declaration = data.groupedDeclaration()
    const incident = { ...data.incidents().incidents[0]!, components: [] }
    const options = { germanPrefix: '/de', product: { ...declaration.product, name: 'Acme' }, declaration }
    const before = renderIncidentPage({ ...options, lang: 'en', incident })
    assert.doesNotMatch(before, /class="affected"/, 'an incident naming nothing lists nothing')
    assert.match(before, /<title>Slow responses from the bot – Acme status<\/title>/)
    const naming: IncidentsBody['incidents'][number] = { ...incident, components: [{ id: 'music', status: 'partial_outage' }, { id: 'retired-voice', status: 'degraded_performance' }] }
    const german = renderIncidentPage({ ...options, lang: 'de', incident: naming })
    assert.match(german, /<span class="affected-label">Betroffen:<\/span> <ul class="affected-list"><li><a href="\/de\/status\/components\/music">Musik<\/a> <span class="meta">\(Teilausfall\)<\/span><\/li><li>retired-voice <span class="meta">\(Eingeschränkte Leistung\)<\/span><\/li><\/ul>/)
    assert.match(german, /<title>Slow responses from the bot – Acme Status<\/title>/)
  })
})
