// Absolute links to the pages of one incident or maintenance window (built by the site), per language.
import type { Locale } from '../lib/locale.ts'

export interface SiteLinks {
  baseUrl: string
  germanPrefix: string
}

/** `{base_url}/status` or `{base_url}{GERMAN_PREFIX}/status`, with an optional sub-path. */
export function statusUrl (links: SiteLinks, lang: Locale, subPath = ''): string {
  return `${links.baseUrl}${lang === 'de' ? links.germanPrefix : ''}/status${subPath}`
}

export function incidentUrl (links: SiteLinks, lang: Locale, id: number): string {
  return statusUrl(links, lang, `/incidents/${id}`)
}

export function maintenanceUrl (links: SiteLinks, lang: Locale, id: number): string {
  return statusUrl(links, lang, `/maintenance/${id}`)
}
