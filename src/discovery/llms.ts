// /llms.txt in the llmstxt.org format: H1, blockquote summary, then link sections. The endpoint list and its one-line
// notes come from the OpenAPI document's operations, so they never drift from the API.
import { LLMS_FULL_PATH, type MarkdownDoc } from '../docs/markdown-views.ts'
import { CATALOG_PATH, OPENAPI_PATH } from './catalog.ts'
import { withOrigin } from '../lib/origin-placeholder.ts'
import { followLlms, type FollowOptions } from '../publish/follow.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { localPath } from '../view/status-links.js'

interface Parameter { name: string, in: string, required?: boolean, example?: unknown, schema?: { examples?: unknown[] } }
interface Operation { summary?: string, parameters?: Parameter[] }
export interface DescribedApi {
  info: { title: string, summary?: string }
  paths: Record<string, Record<string, unknown>>
}

export interface LlmsOptions {
  baseUrl: string
  germanPrefix: string
  /** Staging serves neither the catalog, the OpenAPI description nor the sitemap: llms.txt does not link them. */
  staging: boolean
  /** Every doc page's Markdown address, listed with /status.md and /llms-full.txt. */
  markdownDocs?: MarkdownDoc[]
  /** The served page languages (LANGUAGES): the feeds, calendar and status.md of each other than English are listed. */
  languages?: readonly PageLanguage[]
  /** The ways to follow the status (the status page's "Follow" section), listed in English. */
  follow?: Omit<FollowOptions, 'lang' | 'germanPrefix'>
}

const ENGLISH_NAMES = new Intl.DisplayNames('en', { type: 'language' })

export function llmsTxt (api: DescribedApi, options: LlmsOptions): string {
  const { baseUrl, germanPrefix, staging } = options
  const link = (name: string, path: string, note: string) => `- [${name}](${baseUrl}${path}): ${note}`
  // Each served language other than English, by its English name (Intl's, not a table here).
  const others = (options.languages ?? ['en', 'de']).filter((lang) => lang !== 'en').map((lang) => ({ lang, name: ENGLISH_NAMES.of(lang) ?? lang }))
  const lines = [
    `# ${api.info.title}`,
    '',
    `> ${api.info.summary ?? 'A read-only public status API.'}`,
    '',
    'Every endpoint is a GET without login or API key and answers JSON; errors are RFC 9457 problem+json with a stable',
    '`code`. Poll `/api/v1/health` (at most once a minute is enough); send the `ETag` back in `If-None-Match` to get `304`.',
    '',
    '## Docs',
    '',
    link('API documentation', '/docs/api', 'how to use this API: endpoints, fields, errors, caching and limits.'),
    link('API-Dokumentation', `${germanPrefix}/docs/api`, 'the same documentation in German.'),
    link('Status page', '/status', 'the public status page built on this API, for humans.'),
    link('Atom feed', '/status/feed.atom', 'every update to an incident or a maintenance window, newest first (one entry per update).'),
    link('RSS feed', '/status/feed.rss', 'the same as RSS 2.0.'),
    ...others.map(({ lang, name }) => link(`Atom feed (${name})`, localPath(lang, '/status/feed.atom', germanPrefix), `the same in ${name}; RSS at \`feed.rss\`, the calendar at \`maintenance.ics\`.`)),
    link('Maintenance calendar', '/status/maintenance.ics', 'planned and active maintenance windows as an iCalendar (RFC 5545), one event each.'),
    '',
    ...(options.follow === undefined ? [] : followLlms({ ...options.follow, lang: 'en', germanPrefix }, '## Follow').map((line) => withOrigin(line, baseUrl)))
  ]
  if (!staging) {
    lines.push(
      '## API description',
      '',
      link('OpenAPI description', OPENAPI_PATH, 'OpenAPI 3.1: every endpoint, parameter, response and schema, with examples.'),
      link('API catalog', CATALOG_PATH, 'RFC 9727 linkset pointing to the OpenAPI description, the documentation and the health endpoint.'),
      ''
    )
  }
  lines.push(
    '## Markdown',
    '',
    link('Status (Markdown)', '/status.md', 'the status page as Markdown: overall status, incidents, components, uptime, Discord. ' +
      'Each incident\'s page has a Markdown twin at its address plus `.md` (`/status/incidents/{id}.md`): every update, and its post-mortem when one is published.'),
    ...others.map(({ lang, name }) => link(`Status (Markdown, ${name})`, localPath(lang, '/status.md', germanPrefix), `the same in ${name}.`)),
    link('Full documentation', LLMS_FULL_PATH, 'every documentation page, English and German, as Markdown in one file.'),
    ...(options.markdownDocs ?? []).map((doc) => link(doc.title, doc.markdownUrl, `the ${doc.locale === 'en' ? 'English' : 'German'} page ${doc.url} as Markdown.`)),
    ''
  )
  lines.push('## Endpoints', '')
  for (const [path, item] of Object.entries(api.paths)) {
    const operation = item.get as Operation | undefined
    if (operation === undefined || (staging && (path === CATALOG_PATH || path === OPENAPI_PATH))) continue
    lines.push(link(`GET ${path}`, `${path}${exampleQuery(operation)}`, endpointNote(operation)))
  }
  lines.push('')
  if (!staging) lines.push('## Optional', '', link('Sitemap', '/sitemap.xml', 'every HTML page, English and German.'), '')
  return lines.join('\n')
}

/** The operation's summary as one line, plus its query parameters. */
function endpointNote (operation: Operation): string {
  const summary = (operation.summary ?? 'No summary.').replace(/\s+/g, ' ').trim()
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
  if (query.length === 0) return summary
  const names = query.map((parameter) => `\`${parameter.name}\`${parameter.required === true ? ' (required)' : ''}`)
  return `${summary}${/[.!?]$/.test(summary) ? '' : '.'} Query: ${names.join(', ')}.`
}

/** A working link for an operation with required query parameters: their examples filled in. */
function exampleQuery (operation: Operation): string {
  const values = new URLSearchParams()
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || parameter.required !== true) continue
    const example = parameter.example ?? parameter.schema?.examples?.[0]
    if (example !== undefined) values.set(parameter.name, String(example))
  }
  const query = values.toString()
  return query === '' ? '' : `?${query}`
}
