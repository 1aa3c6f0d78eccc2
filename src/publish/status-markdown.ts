// The status page as Markdown (/status.md and its twin in every page language): the same API bodies and the same words as the HTML page
// (src/view/status-text.js), for agents and anyone who wants the status as plain text. The headline and the
// components table render the one public status (GET /api/v1/health/components) and decide nothing.
import type { ComponentsBody } from '../api/components.ts'
import type { IncidentsBody } from '../api/incidents.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { WORDS as LOCALES, message } from '../view/locale-words.js'
import { dateTime, millis, percent } from '../view/status-format.js'
import { LATEST_UPDATES, TEXT, componentLayout, headline, headlineDetail, historyHref, type StatusBodies, type StatusText } from '../view/status-view.js'
import { incidentHref, incidentMarkdownHref, statusPathOf } from '../view/status-links.js'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import type { ShownStatus } from '../status/model.ts'
import { byId, uptimeWindows, type UptimeWindow } from './uptime-windows.ts'
import { followMarkdown, followWords, type FollowOptions } from './follow.ts'

/** The words of status-text.js this view uses beyond what status-view.d.ts declares. */
interface Words extends StatusText {
  componentsHeading: string
  latency: string
  shards: (connected: number, total: number) => string
  checkedAt: string
  maintenanceNow: string
  maintenanceWindow: (from: string, to: string) => string
  upcomingHeading: string
  platformHeading: string
  platformIndicator: Record<string, string>
  platformStatus: Record<Exclude<ShownStatus, 'unknown'>, string>
  platformStale: (fetched: string) => string
  platformUnavailable: string
  platformIncidents: string
  platformLink: string
  uptimeOverall: string
  activeIncidents: string
  pastIncidents: string
  noActiveIncidents: string
  noPastIncidents: string
  impact: Record<string, string>
  incidentStatus: Record<string, string>
  incidentTimes: (started: string, resolved: string | null) => string
  sectionUnavailable: string
}

/** Words only this view needs, from the locale file's `publish.markdown`. */
function moreWords (tag: PageLanguage) {
  const words = LOCALES[tag].publish.markdown
  return { ...words, windows: words.windows satisfies Record<UptimeWindow, string>, of: (a: number, b: number) => message(tag, words.of, { a, b }) }
}

const MORE = Object.fromEntries(PAGE_LANGUAGES.map((tag) => [tag, moreWords(tag)])) as Record<PageLanguage, ReturnType<typeof moreWords>>

/**
 * Text from a body, safe inside Markdown: one line, no markup of its own. An `&` that starts an entity or a character
 * reference is escaped too (`&amp;` typed by an operator reads as `&amp;`, not `&`).
 */
export function markdownText (value: string): string {
  return value.replace(/\s+/g, ' ').trim().replace(/[\\`*_[\]<>|#~]|&(?=#\d+;|#[xX][\da-fA-F]+;|[A-Za-z][A-Za-z\d]*;)/g, '\\$&')
}

export function statusMarkdown (bodies: StatusBodies, lang: PageLanguage, follow?: Omit<FollowOptions, 'lang'>): string {
  const words = TEXT[lang] as Words
  const more = MORE[lang]
  const when = (iso: string) => dateTime(words, iso)
  const { components: status, health, history, discord, incidents } = bodies
  const out: string[] = [`# ${follow?.productName === undefined ? more.title : words.pageTitle(follow.productName)}`, '']

  // Before the first probe round nothing is measured: the headline says so rather than "operational".
  if (status === null || health === null) {
    out.push(`**${words.status.unknown}** — ${words.sectionUnavailable}`, '')
  } else {
    // The model's page indicator in the page's words (docs/en/architecture.md#status-model), as the page's headline says it.
    out.push(`**${headline(words, status)}** — ${headlineDetail(words, status)}`, '', `${words.checkedAt}: ${when(health.checkedAt)}`, '')
  }

  // What is going on now first, as on the page (docs/en/status-page.md#order): open incidents, then the active window.
  out.push(`## ${words.activeIncidents}`, '')
  if (incidents === null) out.push(words.sectionUnavailable, '')
  else {
    const active = incidents.incidents.filter((i) => i.resolvedAt === null)
    incidentList(out, words, active, words.noActiveIncidents, statusPathOf(lang, follow?.germanPrefix))
    // The body lists the newest 25 open ones of more: the history page lists the others first, as the HTML page says.
    const hidden = (incidents.totals?.open ?? active.length) - active.length
    if (hidden > 0) out.push(`${words.moreOpenIncidents(hidden)}: <${ORIGIN_PLACEHOLDER}${historyHref({ statusPath: statusPathOf(lang, follow?.germanPrefix) }, 1)}>`, '')
  }

  if (incidents !== null && incidents.maintenance !== null) {
    const m = incidents.maintenance
    out.push(`## ${words.maintenanceNow}: ${markdownText(m.title)}`, '', markdownText(m.message), '',
      words.maintenanceWindow(when(m.startsAt), when(m.endsAt)), '')
  }

  out.push(`## ${words.componentsHeading}`, '')
  if (status === null) {
    out.push(words.sectionUnavailable, '')
  } else {
    out.push(`| ${more.component} | ${more.status} | ${words.latency} | ${more.details} |`, '|---|---|---|---|')
    for (const row of componentRows(status)) {
      if (row.kind === 'group') {
        out.push(`| **${markdownText(row.group.name[lang])}** | **${statusWords(words, row.group.status)}** | | |`)
        continue
      }
      const { component } = row
      const name = `${row.member ? '↳ ' : ''}${markdownText(component.name[lang])} \`${component.id}\``
      const latency = component.latencyMs === null ? '–' : millis(words, component.latencyMs)
      const details = component.message === null ? '' : markdownText(component.message)
      out.push(`| ${name} | ${statusWords(words, component.status)} | ${latency} | ${details} |`)
    }
    out.push('')
    // The shard counts of the shards body, as the page's shards section has them.
    if (bodies.shards !== null) out.push(`${words.shards(bodies.shards.connected, bodies.shards.total)}.`, '')
  }

  // Planned work after what is now.
  if (incidents !== null && incidents.upcomingMaintenance.length > 0) {
    out.push(`## ${words.upcomingHeading}`, '')
    for (const m of incidents.upcomingMaintenance) {
      out.push(`- **${markdownText(m.title)}** — ${words.maintenanceWindow(when(m.startsAt), when(m.endsAt))}. ${markdownText(m.message)}`)
    }
    out.push('')
  }

  out.push(`## ${more.uptimeHeading}`, '')
  if (history === null) {
    out.push(words.sectionUnavailable, '')
  } else {
    out.push(`| ${more.window} | ${more.uptime} | ${more.recorded} |`, '|---|---|---|')
    for (const window of uptimeWindows(history)) {
      const shown = window.ratio === null ? more.noData : percent(words, window.ratio * 100)
      out.push(`| ${more.windows[window.window]} | ${shown} | ${more.of(window.checks, window.expectedChecks)} |`)
    }
    // Every component the history reports, by the model's names and in page order.
    const perComponent = (status?.components ?? []).flatMap((component) => {
      const value = byId<number | null>(history.uptime.components, component.id)
      return value === undefined ? [] : [`${markdownText(component.name[lang])} ${value === null ? more.noData : percent(words, value)}`]
    })
    out.push('')
    if (perComponent.length > 0) out.push(`${more.perComponent}: ${perComponent.join(', ')}.`, '')
  }

  out.push(`## ${words.platformHeading}`, '')
  if (discord === null) {
    out.push(words.platformUnavailable, '')
  } else {
    out.push(`**${words.platformIndicator[discord.indicator] ?? markdownText(discord.description)}**`, '')
    if (discord.stale) out.push(words.platformStale(when(discord.fetchedAt)), '')
    const troubled = discord.components.filter((c) => c.status !== 'operational')
    for (const c of troubled) out.push(`- ${markdownText(c.name)}: ${words.platformStatus[c.status] ?? c.status}`)
    if (troubled.length > 0) out.push('')
    if (discord.incidents.length > 0) {
      out.push(`### ${words.platformIncidents}`, '')
      for (const incident of discord.incidents) {
        const name = incident.url !== null && /^https?:\/\//i.test(incident.url) ? `[${markdownText(incident.name)}](<${incident.url}>)` : markdownText(incident.name)
        out.push(`- ${name} — ${words.incidentStatus[incident.status] ?? incident.status}, ${when(incident.updatedAt)}`)
      }
      out.push('')
    }
    if (/^https?:\/\//i.test(discord.pageUrl)) out.push(`${words.platformLink}: <${discord.pageUrl}>`, '')
  }

  out.push(`## ${words.pastIncidents}`, '')
  if (incidents === null) out.push(words.sectionUnavailable, '')
  else {
    const past = incidents.incidents.filter((i) => i.resolvedAt !== null)
    // None listed but some resolved: the window holds open ones alone, and the link below leads to the rest.
    if (past.length > 0 || (incidents.totals?.resolved ?? 0) === 0) incidentList(out, words, past, words.noPastIncidents, statusPathOf(lang, follow?.germanPrefix))
  }
  if (incidents !== null && bodies.olderIncidents === true) {
    // The history page after the recent window (its pages are as long as the window), as on the HTML page; its first
    // page when the window holds open incidents alone (the resolved ones follow the rest of the open ones there).
    const first = incidents.incidents.every((i) => i.resolvedAt === null)
    out.push(`${words.olderIncidents}: <${ORIGIN_PLACEHOLDER}${historyHref({ statusPath: statusPathOf(lang, follow?.germanPrefix) }, first ? 1 : 2)}>`, '')
  }

  out.push(`## ${more.sources}`, '', more.sourcesText, '',
    '- `/api/v1/health/components`', '- `/api/v1/health`', '- `/api/v1/health/history`', '- `/api/v1/health/incidents`', '- `/api/v1/health/discord`', '')
  if (follow !== undefined) out.push(...followMarkdown({ ...follow, lang }, `## ${followWords(lang).heading}`))
  return out.join('\n')
}

/** A status of the model in the page's words: Statuspage's five as the page names them, `unknown` as "not monitored". */
function statusWords (words: Words, status: ShownStatus): string {
  return status === 'unknown' ? words.status.unknown : words.platformStatus[status]
}

export type ComponentRow =
  | { kind: 'group', group: ComponentsBody['groups'][number] }
  | { kind: 'component', component: ComponentsBody['components'][number], member: boolean }

/** The components in page order; a group's row comes where its first member is, followed by its members. */
function componentRows (status: ComponentsBody): ComponentRow[] {
  return componentLayout(status).flatMap((item): ComponentRow[] => item.group === undefined
    ? [{ kind: 'component', component: item.component, member: false }]
    : [{ kind: 'group', group: item.group }, ...item.members.map((component) => ({ kind: 'component' as const, component, member: true }))])
}

/** Incidents with their latest updates (as the HTML page shows them) and, when there are more, a link to the incident's page. */
function incidentList (out: string[], words: Words, list: IncidentsBody['incidents'], none: string, statusPath: string): void {
  if (list.length === 0) {
    out.push(none, '')
    return
  }
  for (const incident of list) {
    const resolved = incident.resolvedAt === null ? null : dateTime(words, incident.resolvedAt)
    out.push(`### ${markdownText(incident.title)}`, '',
      `${words.impact[incident.impact]} · ${words.incidentStatus[incident.status]} · ${words.incidentTimes(dateTime(words, incident.startedAt), resolved)}`, '')
    for (const update of incident.updates.slice(0, LATEST_UPDATES)) {
      out.push(`- ${dateTime(words, update.at)} — **${words.incidentStatus[update.status]}**: ${markdownText(update.message)}`)
    }
    const earlier = incident.updates.length - LATEST_UPDATES
    if (earlier > 0) out.push(`- ${words.earlierUpdates(earlier)}: <${ORIGIN_PLACEHOLDER}${incidentHref({ statusPath }, incident.id)}>`)
    if (incident.postmortem !== undefined) out.push(`- ${words.postmortemLink}: <${ORIGIN_PLACEHOLDER}${incidentMarkdownHref({ statusPath }, incident.id)}>`)
    if (incident.updates.length > 0 || incident.postmortem !== undefined) out.push('')
  }
}
