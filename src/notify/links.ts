// The public pages a notification links to (built by the site): the incident or maintenance page and the status page,
// in English, by the one link builder (src/view/status-links.js).
import { DEFAULT_GERMAN_PREFIX, POSTMORTEM_ANCHOR, incidentUrl, maintenanceUrl, statusUrl } from '../view/status-links.js'

export interface Links {
  status: string
  incident?: string
  /** An incident's post-mortem: its section of the incident's page. */
  postmortem?: string
  maintenance?: string
}

export function linksFor (baseUrl: URL, subject: string): Links {
  // Notifications link to the English pages, which need no German prefix.
  const site = { baseUrl: baseUrl.origin, germanPrefix: DEFAULT_GERMAN_PREFIX }
  const links: Links = { status: statusUrl(site, 'en') }
  const [kind, id, part] = subject.split(':')
  if (kind === 'incident' && id !== undefined) links.incident = incidentUrl(site, 'en', id)
  if (kind === 'incident' && id !== undefined && part === 'postmortem') links.postmortem = `${links.incident}#${POSTMORTEM_ANCHOR}`
  if (kind === 'maintenance' && id !== undefined) links.maintenance = maintenanceUrl(site, 'en', id)
  return links
}
