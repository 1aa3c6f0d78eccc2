// The status page's sections as HTML, from the API bodies of DESIGN §4. The server renders the first page
// with these and the refresh script re-renders each section with the same functions, so both always agree.
// A body that could not be had is null: its sections say so instead of failing.
import { TEXT } from './status-text.js'
import { clock, dateTime, esc, millis, time } from './status-format.js'
import { icon } from './status-icons.js'
import { lastDaySection, lastDaySlots, uptimeSection } from './status-uptime.js'
import { shardFinderSection, shardsSection } from './status-shards.js'
import { incidentHref } from './status-links.js'

export { TEXT, icon, lastDaySlots, shardFinderSection }
export { guildAnswer, findGuild, shardDetail } from './status-shards.js'

const PLATFORM_KIND = {
  operational: 'ok', degraded_performance: 'degraded', partial_outage: 'degraded', major_outage: 'down', under_maintenance: 'maintenance'
}
const INDICATOR_KIND = { none: 'ok', minor: 'degraded', major: 'down', critical: 'down' }
const IMPACT_KIND = { none: 'unknown', minor: 'degraded', major: 'down', critical: 'down' }

/** What the headline says: whether the bot and its service are up. An active maintenance window is a banner below it. */
export function overallState (health) {
  return health.status
}

function badge (kind, label) {
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

/** Section "overall": the big banner. */
export function overallSection (text, health) {
  if (health === null) {
    return `<section id="overall" class="overall overall--unknown" aria-labelledby="overall-title"><div class="overall-icon">${icon('unknown')}</div>` +
      `<div><h2 id="overall-title">${esc(text.status.unknown)}</h2>${unavailable(text)}</div></section>`
  }
  const state = overallState(health)
  return `<section id="overall" class="overall overall--${state}" aria-labelledby="overall-title">` +
    `<div class="overall-icon">${icon(state)}</div><div><h2 id="overall-title">${esc(text.overall[state])}</h2>` +
    `<p>${esc(text.overallDetail[state])}</p>` +
    `<p class="meta">${esc(text.checkedAt)} ${time(health.checkedAt, dateTime(text, health.checkedAt))}</p></div></section>`
}

function componentCard (text, name, component, extra) {
  const details = []
  if (component.latencyMs !== null) details.push(`${esc(text.latency)}: ${esc(millis(text, component.latencyMs))}`)
  details.push(...extra)
  const message = component.message === undefined ? '' : `<li${english(text)}>${esc(component.message)}</li>`
  return `<li class="component component--${esc(component.status)}"><h3>${esc(text.components[name])}</h3>` +
    `${badge(component.status, text.status[component.status])}` +
    `${details.length === 0 && message === '' ? '' : `<ul class="component-details">${details.map((d) => `<li>${d}</li>`).join('')}${message}</ul>`}</li>`
}

/** Section "components": database, cache and the bot connection with its shards. */
export function componentsSection (text, health) {
  const open = `<section id="components" class="card" aria-labelledby="components-title"><h2 id="components-title">${esc(text.componentsHeading)}</h2>`
  if (health === null) return `${open}${unavailable(text)}</section>`
  const { database, cache, bot } = health.components
  const shards = bot.shards === null ? [] : [esc(text.shards(bot.shards.connected, bot.shards.total))]
  return `${open}<ul class="components">${componentCard(text, 'database', database, [])}${componentCard(text, 'cache', cache, [])}` +
    `${componentCard(text, 'bot', bot, shards)}</ul></section>`
}

function maintenanceWindow (text, maintenance) {
  return esc(text.maintenanceWindow(dateTime(text, maintenance.startsAt), dateTime(text, maintenance.endsAt)))
}

/** Section "maintenance": the active window as a banner, then upcoming ones; empty when there are none. */
export function maintenanceSection (text, incidents) {
  if (incidents === null || (incidents.maintenance === null && incidents.upcomingMaintenance.length === 0)) {
    return '<section id="maintenance" class="maintenance-slot" aria-label="' + esc(text.maintenanceHeading) + '" hidden></section>'
  }
  const parts = []
  const active = incidents.maintenance
  if (active !== null) {
    parts.push(`<div class="maintenance-banner" role="note">${icon('maintenance')}<div><h2 id="maintenance-title">${esc(text.maintenanceNow)}: ${esc(active.title)}</h2>` +
      `<p class="message">${esc(active.message)}</p><p class="meta">${maintenanceWindow(text, active)}</p></div></div>`)
  }
  if (incidents.upcomingMaintenance.length > 0) {
    const items = incidents.upcomingMaintenance.map((m) => `<li><strong>${esc(m.title)}</strong><p class="meta">${maintenanceWindow(text, m)}</p>` +
      `<p class="message">${esc(m.message)}</p></li>`).join('')
    parts.push(`<div class="card upcoming"><h2>${esc(text.upcomingHeading)}</h2><ul class="plain">${items}</ul></div>`)
  }
  return `<section id="maintenance" class="maintenance-slot" aria-label="${esc(text.maintenanceHeading)}">${parts.join('')}</section>`
}

/** Section "platform": Discord's own status, how fresh it is, its components and open incidents. */
export function platformSection (text, discord) {
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

export function incidentBody (text, incident) {
  const updates = incident.updates.map((update) => `<li><p class="update-head"><strong>${esc(text.incidentStatus[update.status])}</strong> ` +
    `${time(update.at, dateTime(text, update.at))}</p><p class="message">${esc(update.message)}</p></li>`).join('')
  return updates === '' ? '' : `<ol class="updates" aria-label="${esc(text.updatesLabel)}">${updates}</ol>`
}

export function incidentHead (text, incident, headingTag) {
  const resolved = incident.resolvedAt === null ? null : dateTime(text, incident.resolvedAt)
  return `<${headingTag} class="incident-title">${esc(incident.title)}</${headingTag}>` +
    `<span class="incident-badges">${badge(IMPACT_KIND[incident.impact], text.impact[incident.impact])}` +
    `${badge(incident.status === 'resolved' ? 'ok' : 'degraded', text.incidentStatus[incident.status])}</span>` +
    `<span class="meta">${esc(text.incidentTimes(dateTime(text, incident.startedAt), resolved))}</span>`
}

/** Section "active-incidents": every unresolved incident with all its updates, open. */
export function activeIncidentsSection (text, incidents) {
  const open = `<section id="active-incidents" class="card" aria-labelledby="active-incidents-title"><h2 id="active-incidents-title">${esc(text.activeIncidents)}</h2>`
  if (incidents === null) return `${open}${unavailable(text)}</section>`
  const active = incidents.incidents.filter((incident) => incident.resolvedAt === null)
  if (active.length === 0) return `${open}<p class="none">${icon('ok')}<span>${esc(text.noActiveIncidents)}</span></p></section>`
  return `${open}<ul class="plain incidents">${active.map((incident) => `<li class="incident impact--${esc(incident.impact)}">` +
    `<div class="incident-head">${incidentHead(text, incident, 'h3')}</div>${incidentBody(text, incident)}` +
    `<p class="incident-link"><a href="${esc(incidentHref(text, incident.id))}">${esc(text.incidentLink)}<span class="vh">: ${esc(incident.title)}</span></a></p></li>`).join('')}</ul></section>`
}

/** Section "past-incidents": resolved incidents of the last 90 days, each folded open on demand. */
export function pastIncidentsSection (text, incidents) {
  const open = `<section id="past-incidents" class="card" aria-labelledby="past-incidents-title"><h2 id="past-incidents-title">${esc(text.pastIncidents)}</h2>`
  if (incidents === null) return `${open}${unavailable(text)}</section>`
  const past = incidents.incidents.filter((incident) => incident.resolvedAt !== null)
  if (past.length === 0) return `${open}<p class="none">${esc(text.noPastIncidents)}</p></section>`
  return `${open}<ul class="plain incidents">${past.map((incident) => `<li class="incident impact--${esc(incident.impact)}"><details data-key="incident-${esc(incident.id)}">` +
    `<summary class="incident-head">${incidentHead(text, incident, 'h3')}</summary>${incidentBody(text, incident)}</details>` +
    `<p class="incident-link"><a href="${esc(incidentHref(text, incident.id))}">${esc(text.incidentLink)}<span class="vh">: ${esc(incident.title)}</span></a></p></li>`).join('')}</ul></section>`
}

/** Every section, in page order, from whichever bodies are there (null for one that could not be had). */
export function renderSections (text, { health, history, discord, incidents, shards }) {
  return [
    overallSection(text, health),
    maintenanceSection(text, incidents),
    componentsSection(text, health),
    activeIncidentsSection(text, incidents),
    shardFinderSection(text),
    shardsSection(text, shards),
    uptimeSection(text, history, incidents),
    lastDaySection(text, history),
    platformSection(text, discord),
    pastIncidentsSection(text, incidents)
  ].join('\n')
}

/**
 * Which sections each API body feeds, so a refresh replaces exactly those. Each renderer gets the body and the
 * latest of every body (`latest`); one that returns undefined leaves its section as it is.
 */
export const SECTIONS_OF = {
  health: { overall: overallSection, components: componentsSection },
  incidents: {
    maintenance: maintenanceSection,
    'active-incidents': activeIncidentsSection,
    'past-incidents': pastIncidentsSection,
    // Days with an incident link to it: new incidents redraw the bars (once the history is known).
    uptime: (text, incidents, latest) => latest.history == null ? undefined : uptimeSection(text, latest.history, incidents)
  },
  history: { uptime: (text, history, latest) => uptimeSection(text, history, latest.incidents), 'last-day': lastDaySection },
  discord: { platform: platformSection },
  shards: { shards: shardsSection }
}
