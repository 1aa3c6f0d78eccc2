// The status page's sections as HTML, from the API bodies (docs/en/api.md#endpoints). The server renders the first page
// with these and the refresh script re-renders each section with the same functions, so both always agree.
// A body that could not be had is null: its sections say so instead of failing.
import { TEXT, headline, headlineDetail } from './status-text.js'
import { clock, dateTime, esc, millis, time } from './status-format.js'
import { icon } from './status-icons.js'
import { lastDaySection, lastDaySlots, uptimeSection } from './status-uptime.js'
import { shardFinderSection, shardsSection } from './status-shards.js'
import { componentHref, historyHref, incidentHref, latencyImageHref, maintenanceHref } from './status-links.js'
import { SPARKLINE_MIN_MINUTES } from './status-sparkline.js'

export { TEXT, headline, headlineDetail, icon, lastDaySlots, shardFinderSection, componentHref, historyHref }
export { guildAnswer, findGuild, shardDetail } from './status-shards.js'

const PLATFORM_KIND = {
  operational: 'ok', degraded_performance: 'degraded', partial_outage: 'degraded', major_outage: 'down', under_maintenance: 'maintenance'
}
const INDICATOR_KIND = { none: 'ok', minor: 'degraded', major: 'down', critical: 'down' }
const IMPACT_KIND = { none: 'unknown', minor: 'degraded', major: 'down', critical: 'down' }
/** How the page indicator looks: its colour and icon (the words are text.overall[indicator]); the home page's summary too. */
export const HEADLINE_KIND = { none: 'ok', minor: 'degraded', major: 'partial', critical: 'down', maintenance: 'maintenance' }

/**
 * An incident in the page's language: `text` ({ title, message }, each where a template gave it) replaces the title
 * and the first update's message (the last of the newest-first list); the English stays where it gives none.
 */
export function incidentInLanguage (incident, text) {
  if (text === undefined || text === null) return incident
  const last = incident.updates.length - 1
  return {
    ...incident,
    title: text.title ?? incident.title,
    updates: text.message === undefined ? incident.updates : incident.updates.map((update, index) => index === last ? { ...update, message: text.message } : update)
  }
}

/** The incidents body with each incident `texts` (by id) names in the page's language; the same body when it names none. */
export function incidentsInLanguage (body, texts) {
  if (body === null || texts === undefined || Object.keys(texts).length === 0) return body
  return { ...body, incidents: body.incidents.map((incident) => incidentInLanguage(incident, texts[incident.id])) }
}

/** How the headline of a model body looks: its indicator's kind, and `unknown` while no component has reported. */
export function headlineKind (status) {
  const unknown = status.unknownComponents ?? 0
  if (status.indicator === 'none' && unknown > 0 && unknown >= status.components.length) return 'unknown'
  return HEADLINE_KIND[status.indicator] ?? 'unknown'
}
/** How a component's or group's status looks (the words are text.componentStatus[status]). */
export const STATUS_KIND = {
  operational: 'ok', degraded_performance: 'degraded', partial_outage: 'partial', major_outage: 'down', under_maintenance: 'maintenance', unknown: 'unknown'
}

export function badge (kind, label) {
  return `<span class="badge badge--${esc(kind)}">${icon(kind)}<span>${esc(label)}</span></span>`
}

/** ` lang="en"` on a page in another language, for text that stays English (probe messages, Discord's own names). */
function english (text) {
  return text.dateLocale.startsWith('en') ? '' : ' lang="en"'
}

function unavailable (text) {
  return `<p class="unavailable">${icon('unknown')}<span>${esc(text.sectionUnavailable)}</span></p>`
}

/** Only http(s) links from upstream data become links; anything else (javascript:, data:) is dropped. */
function safeHref (url) {
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? esc(url) : undefined
}

/** A component's or group's name in the page's language (the model carries both). */
export function localName (text, name) {
  return name[text.lang] ?? name.en
}

/** The badge of a model status: icon and localised words; a value this script does not know yet shows as it is. */
export function statusBadge (text, status) {
  return badge(STATUS_KIND[status] ?? 'unknown', text.componentStatus[status] ?? status)
}

/** Section "overall": the headline, the model's page indicator (docs/en/architecture.md#status-model) in words, and nothing else. */
function overallSection (text, components) {
  if (components === null) {
    return `<section id="overall" class="overall overall--unknown" aria-labelledby="overall-title"><div class="overall-icon">${icon('unknown')}</div>` +
      `<div><h2 id="overall-title">${esc(text.status.unknown)}</h2>${unavailable(text)}</div></section>`
  }
  const { indicator } = components
  const kind = headlineKind(components)
  return `<section id="overall" class="overall overall--${kind}" data-indicator="${esc(indicator)}" aria-labelledby="overall-title">` +
    `<div class="overall-icon">${icon(kind)}</div><div><h2 id="overall-title">${esc(headline(text, components))}</h2>` +
    `<p>${esc(headlineDetail(text, components))}</p>` +
    `<p class="meta">${esc(text.updatedAt)} ${time(components.updatedAt, dateTime(text, components.updatedAt))}</p></div></section>`
}

/** The ids of `named` that `listed` holds first, in its order (the newest), then the others as they are. */
export function newestNamed (named, listed) {
  if (named.length <= 1) return named
  const naming = new Set(named)
  const first = listed.filter((incident) => naming.has(incident.id)).map((incident) => incident.id)
  const shown = new Set(first)
  return [...first, ...named.filter((id) => !shown.has(id))]
}

/**
 * The links of a component to what affects it now: its unresolved incidents (the first OPEN_SHOWN, then a link to its
 * page for the rest) and active windows (titles when known).
 */
function affectedBy (text, component, incidents) {
  const titleOf = (id) => incidents?.incidents.find((incident) => incident.id === id)?.title
  const windows = incidents == null ? [] : [incidents.maintenance, ...incidents.upcomingMaintenance].filter((m) => m != null)
  const hidden = component.incidents.length - OPEN_SHOWN
  const links = [
    ...newestNamed(component.incidents, incidents?.incidents ?? []).slice(0, OPEN_SHOWN).map((id) => `<a href="${esc(incidentHref(text, id))}">${esc(titleOf(id) ?? text.incidentNumber(id))}</a>`),
    ...(hidden > 0 ? [`<a href="${esc(componentHref(text, component.id))}">${esc(text.moreIncidents(hidden))}</a>`] : []),
    ...component.maintenance.map((id) => `<a href="${esc(maintenanceHref(text, id))}">${esc(windows.find((m) => m.id === id)?.title ?? text.maintenanceNumber(id))}</a>`)
  ]
  return links.length === 0 ? '' : `<li class="component-affected">${esc(text.affected)}: ${links.join(', ')}</li>`
}

/**
 * A measured component's response time of the last 24 hours, a server-rendered SVG image whose `alt` gives the latest
 * figure; with fewer than SPARKLINE_MIN_MINUTES minutes with a measured response time in the history (a new install, a
 * new component, a check whose minutes carry none), "Not enough data yet" in words instead: the image would be blank.
 * Minutes with a status but no response time (down, or a push without one) draw nothing, so they do not count.
 */
function sparklineImage (text, component, history) {
  if (component.latencyMs === null) return ''
  const measured = history?.latencyMinutes?.[component.id] ?? 0
  if (measured < SPARKLINE_MIN_MINUTES) return `<p class="component-sparkline-empty meta">${esc(text.sparklineNotEnough)}</p>`
  return `<img class="component-sparkline" src="${esc(latencyImageHref(component.id))}" alt="${esc(text.sparklineAlt(millis(text, component.latencyMs)))}" width="287" height="100" loading="lazy" decoding="async">`
}

/** One component: `data-component` and `data-status` carry the model's id and status exactly, for tools and tests. */
function componentItem (text, component, incidents, headingTag, history) {
  const details = []
  if (component.latencyMs !== null) details.push(`<li>${esc(text.latency)}: ${esc(millis(text, component.latencyMs))}</li>`)
  if (component.message !== null) details.push(`<li${english(text)}>${esc(component.message)}</li>`)
  const affected = affectedBy(text, component, incidents)
  if (affected !== '') details.push(affected)
  return `<li class="component component--${esc(STATUS_KIND[component.status] ?? 'unknown')}" data-component="${esc(component.id)}" data-status="${esc(component.status)}">` +
    `<div class="component-head"><${headingTag} class="component-name"><a href="${esc(componentHref(text, component.id))}">${esc(localName(text, component.name))}</a></${headingTag}>${statusBadge(text, component.status)}</div>` +
    (details.length === 0 ? '' : `<ul class="component-details">${details.join('')}</ul>`) + sparklineImage(text, component, history) + '</li>'
}

/**
 * The model's components in page order: a group sits where its first component is, with its components in file
 * order; the rest stand alone. Server and refresh both lay the page out with this.
 */
export function componentLayout (components) {
  const byId = new Map(components.components.map((component) => [component.id, component]))
  const groups = new Map(components.groups.map((group) => [group.id, group]))
  const placed = new Set()
  const items = []
  for (const component of components.components) {
    const group = component.group === null ? undefined : groups.get(component.group)
    if (group === undefined) {
      items.push({ component })
    } else if (!placed.has(group.id)) {
      placed.add(group.id)
      items.push({ group, members: group.components.map((id) => byId.get(id)).filter((member) => member !== undefined) })
    }
  }
  return items
}

/** Section "components": the model's groups (folded when declared collapsed) and components, each with its status. */
function componentsSection (text, components, latest = {}) {
  const open = `<section id="components" class="card" aria-labelledby="components-title"><h2 id="components-title">${esc(text.componentsHeading)}</h2>`
  if (components === null) return `${open}${unavailable(text)}</section>`
  if (components.components.length === 0) return `${open}<p class="none">${esc(text.componentsNone)}</p></section>`
  const incidents = latest.incidents ?? null
  const items = componentLayout(components).map((item) => {
    if (item.component !== undefined) return componentItem(text, item.component, incidents, 'h3', latest.history)
    const { group, members } = item
    return `<li class="group component--${esc(STATUS_KIND[group.status] ?? 'unknown')}" data-group="${esc(group.id)}" data-status="${esc(group.status)}">` +
      `<details data-key="group-${esc(group.id)}"${group.collapsed ? '' : ' open'}><summary class="component-head"><h3 class="component-name">${esc(localName(text, group.name))}</h3>` +
      `${statusBadge(text, group.status)}</summary><ul class="components">${members.map((member) => componentItem(text, member, incidents, 'h4', latest.history)).join('')}</ul></details></li>`
  })
  return `${open}<ul class="components">${items.join('')}</ul></section>`
}

/**
 * What an incident or a window affects, by the model's names: `incident.components` ({id, status}) or a window's
 * `components` (ids), absent before incidents name components. A known one links to its page; an id the model does
 * not know is shown as it is, as plain text.
 */
export function affectedComponents (text, item, components) {
  const named = item.components ?? []
  if (named.length === 0) return ''
  const known = new Map((components?.components ?? []).map((component) => [component.id, component]))
  const parts = named.map((entry) => {
    const id = typeof entry === 'string' ? entry : entry.id
    const status = typeof entry === 'string' ? undefined : entry.status
    const component = known.get(id)
    const name = component === undefined ? esc(id) : `<a href="${esc(componentHref(text, id))}">${esc(localName(text, component.name))}</a>`
    return status === undefined ? `<li>${name}</li>` : `<li>${name} <span class="meta">(${esc(text.componentStatus[status] ?? status)})</span></li>`
  }).join('')
  return `<div class="affected"><span class="affected-label">${esc(text.affected)}:</span> <ul class="affected-list">${parts}</ul></div>`
}

function maintenanceWindow (text, maintenance) {
  return esc(text.maintenanceWindow(dateTime(text, maintenance.startsAt), dateTime(text, maintenance.endsAt)))
}

/** Section "maintenance": the active window as a banner, right under the active incidents; empty (hidden) without one. */
function maintenanceSection (text, incidents, latest = {}) {
  const active = incidents?.maintenance ?? null
  if (active === null) return '<section id="maintenance" class="maintenance-slot" aria-label="' + esc(text.maintenanceHeading) + '" hidden></section>'
  return `<section id="maintenance" class="maintenance-slot" aria-label="${esc(text.maintenanceHeading)}">` +
    `<div class="maintenance-banner" role="note">${icon('maintenance')}<div><h2 id="maintenance-title">${esc(text.maintenanceNow)}: ${esc(active.title)}</h2>` +
    `<p class="message">${esc(active.message)}</p><p class="meta">${maintenanceWindow(text, active)}</p>${affectedComponents(text, active, latest.components)}</div></div></section>`
}

/** Section "upcoming-maintenance": windows that have not started, below the components; empty (hidden) without any. */
function upcomingMaintenanceSection (text, incidents, latest = {}) {
  const upcoming = incidents?.upcomingMaintenance ?? []
  if (upcoming.length === 0) return '<section id="upcoming-maintenance" class="maintenance-slot" aria-label="' + esc(text.upcomingHeading) + '" hidden></section>'
  const items = upcoming.map((m) => `<li><strong>${esc(m.title)}</strong><p class="meta">${maintenanceWindow(text, m)}</p>` +
    `<p class="message">${esc(m.message)}</p>${affectedComponents(text, m, latest.components)}</li>`).join('')
  return `<section id="upcoming-maintenance" class="card upcoming" aria-labelledby="upcoming-title"><h2 id="upcoming-title">${esc(text.upcomingHeading)}</h2><ul class="plain">${items}</ul></section>`
}

/** Section "platform": Discord's own status, how fresh it is, its components and open incidents. */
function platformSection (text, discord) {
  const open = `<section id="platform" class="card" aria-labelledby="platform-title"><h2 id="platform-title">${esc(text.platformHeading)}</h2>`
  if (discord === null) return `${open}<p class="unavailable">${icon('unknown')}<span>${esc(text.platformUnavailable)}</span></p></section>`
  const kind = INDICATOR_KIND[discord.indicator] ?? 'unknown'
  const freshness = discord.stale
    ? `<p class="stale" role="note">${icon('degraded')}<span>${esc(text.platformStale(dateTime(text, discord.fetchedAt)))}</span></p>`
    : `<p class="meta">${esc(text.platformFetched(`${clock(text, discord.fetchedAt)} ${text.utc}`, dateTime(text, discord.updatedAt)))}</p>`
  const components = discord.components.map((c) => `<li><span class="name"${english(text)}>${esc(c.name)}</span>` +
    `${badge(PLATFORM_KIND[c.status] ?? 'unknown', text.platformStatus[c.status] ?? c.status)}</li>`).join('')
  const incidents = discord.incidents.map((incident) => {
    const href = safeHref(incident.url)
    const name = href === undefined ? `<span${english(text)}>${esc(incident.name)}</span>` : `<a href="${href}" rel="external noopener"${english(text)}>${esc(incident.name)}</a>`
    return `<li>${name} ${badge(IMPACT_KIND[incident.impact] ?? 'unknown', text.incidentStatus[incident.status] ?? incident.status)}` +
      `<span class="meta"> ${time(incident.updatedAt, dateTime(text, incident.updatedAt))}</span></li>`
  }).join('')
  const pageHref = safeHref(discord.pageUrl)
  return `${open}<p class="platform-summary">${badge(kind, text.platformIndicator[discord.indicator] ?? discord.description)}</p>${freshness}` +
    (incidents === '' ? '' : `<h3>${esc(text.platformIncidents)}</h3><ul class="plain platform-incidents">${incidents}</ul>`) +
    (components === '' ? '' : `<details class="platform-components" data-key="platform-components"><summary>${esc(text.platformComponents)}</summary><ul class="plain">${components}</ul></details>`) +
    (pageHref === undefined ? '' : `<p><a href="${pageHref}" rel="external noopener">${esc(text.platformLink)}</a></p>`) + '</section>'
}

/** How many of an incident's updates (the newest) lists of incidents show; the incident's page has every one. */
export const LATEST_UPDATES = 3

/**
 * The open incidents every surface shows at most (the status page, /status.md, the API's recent window, the Statuspage
 * copy, Discord's /status), and the incidents a component's line links to: with more, a link leads to the rest.
 * 10,000 open incidents made the page 17 MB and each change a rebuild of seconds.
 */
export const OPEN_SHOWN = 25

/**
 * An incident's updates, newest first: all of them (its own page), or the latest `limit` and a link to its page for
 * the earlier ones, so that a list of incidents stays small however long one of them runs.
 */
export function incidentBody (text, incident, limit = Infinity) {
  const shown = incident.updates.slice(0, limit)
  const updates = shown.map((update) => `<li><p class="update-head"><strong>${esc(text.incidentStatus[update.status])}</strong> ` +
    `${time(update.at, dateTime(text, update.at))}</p><p class="message">${esc(update.message)}</p></li>`).join('')
  const earlier = incident.updates.length - shown.length
  const more = earlier === 0 ? '' : `<p class="updates-more"><a href="${esc(incidentHref(text, incident.id))}">${esc(text.earlierUpdates(earlier))}<span class="vh">: ${esc(incident.title)}</span></a></p>`
  return updates === '' ? '' : `<ol class="updates" aria-label="${esc(text.updatesLabel)}">${updates}</ol>${more}`
}

export function incidentHead (text, incident, headingTag) {
  const resolved = incident.resolvedAt === null ? null : dateTime(text, incident.resolvedAt)
  return `<${headingTag} class="incident-title">${esc(incident.title)}</${headingTag}>` +
    `<span class="incident-badges">${badge(IMPACT_KIND[incident.impact], text.impact[incident.impact])}` +
    `${badge(incident.status === 'resolved' ? 'ok' : 'degraded', text.incidentStatus[incident.status])}</span>` +
    `<span class="meta">${esc(text.incidentTimes(dateTime(text, incident.startedAt), resolved))}</span>`
}

/**
 * Section "active-incidents": the unresolved incidents the body lists (the newest 25 of more) with their latest
 * updates, open; when the body's totals count more, a link to the history page, which lists the others first.
 */
function activeIncidentsSection (text, incidents, latest = {}) {
  const open = `<section id="active-incidents" class="card" aria-labelledby="active-incidents-title"><h2 id="active-incidents-title">${esc(text.activeIncidents)}</h2>`
  if (incidents === null) return `${open}${unavailable(text)}</section>`
  const active = incidents.incidents.filter((incident) => incident.resolvedAt === null)
  if (active.length === 0) return `${open}<p class="none">${icon('ok')}<span>${esc(text.noActiveIncidents)}</span></p></section>`
  const hidden = (incidents.totals?.open ?? active.length) - active.length
  const more = hidden > 0 ? `<p class="more-incidents"><a href="${esc(historyHref(text, 1))}">${esc(text.moreOpenIncidents(hidden))}</a></p>` : ''
  return `${open}<ul class="plain incidents">${active.map((incident) => `<li class="incident impact--${esc(incident.impact)}">` +
    `<div class="incident-head">${incidentHead(text, incident, 'h3')}</div>${affectedComponents(text, incident, latest.components)}${incidentBody(text, incident, LATEST_UPDATES)}` +
    `<p class="incident-link"><a href="${esc(incidentHref(text, incident.id))}">${esc(text.incidentLink)}<span class="vh">: ${esc(incident.title)}</span></a></p></li>`).join('')}</ul>${more}</section>`
}

/** One resolved incident as the past incidents list it: its head, its latest updates folded, and the link to its page. */
export function pastIncidentItem (text, incident, components, headingTag = 'h3') {
  return `<li class="incident impact--${esc(incident.impact)}"><details data-key="incident-${esc(incident.id)}">` +
    `<summary class="incident-head">${incidentHead(text, incident, headingTag)}</summary>${affectedComponents(text, incident, components)}${incidentBody(text, incident, LATEST_UPDATES)}</details>` +
    `<p class="incident-link"><a href="${esc(incidentHref(text, incident.id))}">${esc(text.incidentLink)}<span class="vh">: ${esc(incident.title)}</span></a></p></li>`
}

/**
 * Section "past-incidents": the resolved incidents of the recent window, each folded open on demand. When the API has
 * more (`latest.olderIncidents`: the server asks the incidents service, the refresh reads the Link header), the
 * section ends with a link to the history page after the window: its pages are as long as the window.
 */
function pastIncidentsSection (text, incidents, latest = {}) {
  const open = `<section id="past-incidents" class="card" aria-labelledby="past-incidents-title"><h2 id="past-incidents-title">${esc(text.pastIncidents)}</h2>`
  if (incidents === null) return `${open}${unavailable(text)}</section>`
  const past = incidents.incidents.filter((incident) => incident.resolvedAt !== null)
  // With more open incidents than the window shows, it holds no resolved ones: they follow the rest of the open ones
  // on the history pages, from the first.
  const resolved = incidents.totals?.resolved ?? past.length
  if (past.length === 0 && resolved > 0) return `${open}<p class="older-incidents"><a href="${esc(historyHref(text, 1))}">${esc(text.olderIncidents)}</a></p></section>`
  if (past.length === 0) return `${open}<p class="none">${esc(text.noPastIncidents)}</p></section>`
  const older = latest.olderIncidents === true ? `<p class="older-incidents"><a href="${esc(historyHref(text, 2))}">${esc(text.olderIncidents)}</a></p>` : ''
  return `${open}<ul class="plain incidents">${past.map((incident) => pastIncidentItem(text, incident, latest.components)).join('')}</ul>${older}</section>`
}

/**
 * Every section, in page order, from whichever bodies are there (null for one that could not be had). What is going
 * on now comes first (docs/en/status-page.md#order): a reader who comes during an incident sees it under the headline,
 * before the components; planned work comes after them.
 */
export function renderSections (text, bodies) {
  const { components, history, discord, incidents, shards } = bodies
  return [
    overallSection(text, components),
    activeIncidentsSection(text, incidents, bodies),
    maintenanceSection(text, incidents, bodies),
    componentsSection(text, components, bodies),
    upcomingMaintenanceSection(text, incidents, bodies),
    shardFinderSection(text),
    shardsSection(text, shards),
    uptimeSection(text, history, incidents, components),
    lastDaySection(text, history),
    platformSection(text, discord),
    pastIncidentsSection(text, incidents, bodies)
  ].join('\n')
}

/** A section that also reads another body (`latest[other]`) is redrawn only once that body is known. */
const once = (other, render) => (text, body, latest) => latest[other] == null ? undefined : render(text, body, latest)

/**
 * Which sections each API body feeds, so a refresh replaces exactly those. Each renderer gets the body and the
 * latest of every body (`latest`); one that returns undefined leaves its section as it is. The headline and the
 * components come from the components body (the model) alone; the health body feeds nothing on this page.
 */
export const SECTIONS_OF = {
  components: {
    overall: overallSection,
    components: componentsSection,
    // Incidents and windows name components: their sections take the names from here.
    maintenance: once('incidents', (text, _components, latest) => maintenanceSection(text, latest.incidents, latest)),
    'upcoming-maintenance': once('incidents', (text, _components, latest) => upcomingMaintenanceSection(text, latest.incidents, latest)),
    'active-incidents': once('incidents', (text, _components, latest) => activeIncidentsSection(text, latest.incidents, latest)),
    'past-incidents': once('incidents', (text, _components, latest) => pastIncidentsSection(text, latest.incidents, latest)),
    uptime: once('history', (text, components, latest) => uptimeSection(text, latest.history, latest.incidents ?? null, components))
  },
  incidents: {
    maintenance: maintenanceSection,
    'upcoming-maintenance': upcomingMaintenanceSection,
    'active-incidents': activeIncidentsSection,
    'past-incidents': pastIncidentsSection,
    // A component links to the incidents naming it, by title.
    components: once('components', (text, _incidents, latest) => componentsSection(text, latest.components, latest)),
    // Days with an incident link to it: new incidents redraw the bars (once the history is known).
    uptime: once('history', (text, incidents, latest) => uptimeSection(text, latest.history, incidents, latest.components ?? null))
  },
  history: { uptime: (text, history, latest) => uptimeSection(text, history, latest.incidents ?? null, latest.components ?? null), 'last-day': lastDaySection },
  discord: { platform: platformSection },
  shards: { shards: shardsSection }
}
