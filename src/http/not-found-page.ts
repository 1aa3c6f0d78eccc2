// Which unknown addresses get the HTML 404 page rather than a problem: a browser's (its Accept prefers text/html)
// outside the JSON namespaces. JSON clients, and clients that say nothing or `*/*`, keep problem+json.
import type { FastifyRequest } from 'fastify'
import { encodeOnce, type SendableBody } from '../lib/serialized.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { languagePrefix } from '../view/status-links.js'
import { LruCache } from '../lib/lru.ts'
import { weightedList, type Weighted } from './q-values.ts'

/** Paths that only machines read: a 404 there is always a problem, whatever the Accept header says. */
function inJsonNamespace (path: string, germanPrefix: string): boolean {
  return path.startsWith('/api/') || path === '/api' || path.startsWith('/.well-known/') ||
    path.startsWith('/docs/api/search') || path.startsWith(`${germanPrefix}/docs/api/search`) ||
    /\.(?:json|xml|txt)$/i.test(path)
}

const PAGE_TYPES = ['text/html']
const DATA_TYPES = ['application/problem+json', 'application/json']

/** The weight (q) the Accept header gives a media type: its most specific matching range counts (RFC 9110 §12.5.1). */
function weightOf (ranges: Weighted[], mediaType: string): number {
  const [main] = mediaType.split('/')
  let best = { specificity: -1, q: 0 }
  for (const range of ranges) {
    const specificity = range.name === mediaType ? 2 : range.name === `${main}/*` ? 1 : range.name === '*/*' ? 0 : -1
    if (specificity > best.specificity) best = { specificity, q: range.q }
  }
  return best.q
}

/** Clients send a handful of distinct Accept headers: each is judged once. Bounded, as a client chooses the text. */
const judged = new LruCache<string, boolean>(64)

/** Whether the client prefers HTML to JSON: strictly, so a tie (any type accepted alike) or a missing header means JSON. */
export function prefersHtml (accept: string | undefined): boolean {
  if (accept === undefined || accept === '') return false
  return judged.getOrSet(accept, () => {
    const ranges = weightedList(accept)
    const weight = (types: string[]) => Math.max(...types.map((type) => weightOf(ranges, type)))
    return weight(PAGE_TYPES) > weight(DATA_TYPES)
  })
}

/**
 * Chooses, per request, the HTML 404 page (rendered once per served language: the one whose prefix the path has,
 * English elsewhere, also below the prefix of a language not served) or nothing (then a problem is sent).
 */
export function notFoundPages (render: (lang: PageLanguage) => string, germanPrefix: string, languages: readonly PageLanguage[] = ['en', 'de']): (request: FastifyRequest) => SendableBody | undefined {
  const pages = languages.map((lang) => ({ lang, prefix: languagePrefix(lang, germanPrefix), page: encodeOnce(lang, render(lang)) }))
  const english = pages.find((entry) => entry.lang === 'en')?.page ?? encodeOnce('en', render('en'))
  const prefixed = pages.filter((entry) => entry.prefix !== '')
  return (request) => {
    if (!prefersHtml(request.headers.accept)) return undefined
    const path = request.url.split('?', 1)[0]!
    if (inJsonNamespace(path, germanPrefix)) return undefined
    return prefixed.find((entry) => path === entry.prefix || path.startsWith(`${entry.prefix}/`))?.page ?? english
  }
}
