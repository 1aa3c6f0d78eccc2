// The one link builder (docs/en/architecture.md#layout): the site's paths in every language (English at the root, German below
// GERMAN_PREFIX, the others below their lowercase tag), for the server and the browser alike. An absolute address is the
// base URL followed by one of them.

/** The German pages' prefix when GERMAN_PREFIX is not set. */
export const DEFAULT_GERMAN_PREFIX = '/de'

/** A language's prefix: German's is configurable, every other language's is its tag in lowercase (`/pt-br`). */
export function languagePrefix (lang, germanPrefix = DEFAULT_GERMAN_PREFIX) {
  if (lang === 'en') return ''
  return lang === 'de' ? germanPrefix : `/${lang.toLowerCase()}`
}

/** The path of `path` (an English site path such as `/status`) in a language: as it is, or below the language's prefix. */
export function localPath (lang, path, germanPrefix = DEFAULT_GERMAN_PREFIX) {
  if (lang === 'en') return path
  const prefix = languagePrefix(lang, germanPrefix)
  return path === '/' ? prefix : `${prefix}${path}`
}

/** The status page in a language (`/status`, `/de/status`): the pages below take it as `text.statusPath`. */
export function statusPathOf (lang, germanPrefix = DEFAULT_GERMAN_PREFIX) {
  return localPath(lang, '/status', germanPrefix)
}

/** The status page of the page's language (`text.statusPath`; the English one when the text names none). */
export function statusHref (text) {
  return text.statusPath ?? statusPathOf('en')
}

/** The permanent page of an incident, below the status page of the page's language. */
export function incidentHref (text, id) {
  return `${statusHref(text)}/incidents/${encodeURIComponent(id)}`
}

/** The id of an incident page's post-mortem section: `/status/incidents/7#postmortem`. */
export const POSTMORTEM_ANCHOR = 'postmortem'

/** An incident's post-mortem: its section of the incident's page. */
export function postmortemHref (text, id) {
  return `${incidentHref(text, id)}#${POSTMORTEM_ANCHOR}`
}

/** An incident's page as Markdown, with its post-mortem (`/status/incidents/7.md`). */
export function incidentMarkdownHref (text, id) {
  return `${incidentHref(text, id)}.md`
}

/** The permanent page of a maintenance window. */
export function maintenanceHref (text, id) {
  return `${statusHref(text)}/maintenance/${encodeURIComponent(id)}`
}

/** The page of a declared component (`/status/components/{id}`). */
export function componentHref (text, id) {
  return `${statusHref(text)}/components/${encodeURIComponent(id)}`
}

/** A declared component's response-time sparkline, one image for both languages (`/status/components/{id}/latency.svg`). */
export function latencyImageHref (id) {
  return `${componentHref({}, id)}/latency.svg`
}

/** The uptime calendar (`/status/uptime`, `/de/status/uptime`), at a component's months with `id`. */
export function uptimeHref (text, id) {
  return `${statusHref(text)}/uptime${id === undefined ? '' : `#uptime-${encodeURIComponent(id)}`}`
}

/** A page of the incident history: `/status/history`, then `/status/history?page=2` and on (page 1 has no query). */
export function historyHref (text, page) {
  return `${statusHref(text)}/history${page > 1 ? `?page=${encodeURIComponent(page)}` : ''}`
}

/** A page of the incidents as JSON (GET /api/v1/health/incidents): the list after incident `before`, `limit` at most. */
export function incidentsApiHref (before, limit) {
  return `/api/v1/health/incidents?before=${encodeURIComponent(before)}&limit=${encodeURIComponent(limit)}`
}

/** Every shard as JSON (GET /api/v1/health/shards), one path for both languages: large bots' full grid. */
export function shardsApiHref () {
  return '/api/v1/health/shards'
}

/** The status page's absolute address in a language; `site` is `{ baseUrl, germanPrefix }`, the base URL without a trailing slash. */
export function statusUrl (site, lang) {
  return `${site.baseUrl}${statusPathOf(lang, site.germanPrefix)}`
}

/** An incident's page, absolute. */
export function incidentUrl (site, lang, id) {
  return `${site.baseUrl}${incidentHref({ statusPath: statusPathOf(lang, site.germanPrefix) }, id)}`
}

/** A maintenance window's page, absolute. */
export function maintenanceUrl (site, lang, id) {
  return `${site.baseUrl}${maintenanceHref({ statusPath: statusPathOf(lang, site.germanPrefix) }, id)}`
}

/** A page of the incident history, absolute. */
export function historyUrl (site, lang, page) {
  return `${site.baseUrl}${historyHref({ statusPath: statusPathOf(lang, site.germanPrefix) }, page)}`
}
