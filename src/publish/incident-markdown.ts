// One incident as Markdown (/status/incidents/{id}.md and below each language's prefix): its updates, newest first,
// and its post-mortem as the operator wrote it, for agents and anyone who reads the status as plain text.
import type { Incident } from '../api/incidents.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import { dateTime } from '../view/status-format.js'
import { incidentHref, postmortemHref, statusPathOf } from '../view/status-links.js'
import { TEXT } from '../view/status-view.js'
import { markdownText } from './status-markdown.ts'

export function incidentMarkdown (incident: Incident, postmortem: string | undefined, lang: PageLanguage, options: { germanPrefix: string }): string {
  const text = TEXT[lang]
  const statusPath = statusPathOf(lang, options.germanPrefix)
  const when = (iso: string) => dateTime(text, iso)
  const out = [
    `# ${markdownText(incident.title)}`, '',
    `${text.impact[incident.impact]} · ${text.incidentStatus[incident.status]} · ${text.incidentTimes(when(incident.startedAt), incident.resolvedAt === null ? null : when(incident.resolvedAt))}`, '',
    `<${ORIGIN_PLACEHOLDER}${incidentHref({ statusPath }, incident.id)}>`, '',
    `## ${text.updatesLabel}`, ''
  ]
  for (const update of incident.updates) out.push(`- ${when(update.at)} — **${text.incidentStatus[update.status]}**: ${markdownText(update.message)}`)
  out.push('')
  if (postmortem !== undefined && incident.postmortem !== undefined) {
    const { publishedAt, updatedAt } = incident.postmortem
    out.push(`## ${text.postmortemTitle}`, '',
      `_${text.postmortemDates(when(publishedAt), updatedAt === publishedAt ? null : when(updatedAt))}_ · <${ORIGIN_PLACEHOLDER}${postmortemHref({ statusPath }, incident.id)}>`, '',
      postmortem.trimEnd(), '')
  }
  return out.join('\n')
}
