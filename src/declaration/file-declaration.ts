// A status file that passed its schema, turned into the declaration the service reads: the rules that span keys
// (unique ids, known groups, the builtins' ids, time limits within intervals, URLs that parse) and every default.
import path from 'node:path'
import { MIN_CONTRAST, ON_ACCENT, contrastRatio, formatRatio, lightenForDark, themeContrast } from '../brand/colour.ts'
import { footerMistake } from '../brand/footer.ts'
import { BrandImageError, readBrandImage } from '../brand/image.ts'
import {
  BUILTIN_PROBES, DEFAULT_UPTIME, builtinDescription, builtinName, type ComponentCheck, type DeclaredComponent, type DeclaredGroup,
  type DeclaredProduct, type DeclaredTemplate, type LocalizedText, type PageText, type StatusDeclaration, type UptimePolicy, localizedText
} from './declaration.ts'
import { InvalidInput } from '../lib/invalid-input.ts'
import { checkMessage, checkTitle } from '../lib/text-rules.ts'
import { formatDuration, parseDuration } from './duration.ts'
import { StatusFileError, formatPath, type FilePath } from './file-error.ts'
import { declaredSeries } from './file-series.ts'
import { URL_RULE, type FileCheck, type FileComponent, type FileTemplate, type StatusFile } from './file-schema.ts'
import { quote } from './schema-check.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'

/** Bounds of the durations, in milliseconds (docs/en/status-file.md#checks). */
const LIMITS = {
  every: { min: 5_000, max: 3_600_000, fallback: 60_000 },
  timeout: { min: 100, max: 60_000, fallback: 10_000 },
  within: { min: 10_000, max: 7 * 86_400_000 }
} as const

const DEFAULT_CONFIRM = 2
const DEFAULT_CERT_DAYS = 14
/** Without `expect.status`: any 2xx. */
const ANY_2XX = Array.from({ length: 100 }, (_, index) => 200 + index)

export interface DeclarationOptions {
  /** The status file's path: the product's files are resolved against its folder. */
  file: string
  /** False for a value that came from the environment: it is never printed. */
  mayQuote: (path: string) => boolean
}

/** The declaration of a schema-valid file; StatusFileError on the first rule it breaks, in file order. */
export function toDeclaration (file: StatusFile, options: DeclarationOptions): StatusDeclaration {
  const product = declaredProduct(file.product ?? {}, options)
  const groups: DeclaredGroup[] = []
  for (const [index, group] of (file.groups ?? []).entries()) {
    const first = groups.findIndex((earlier) => earlier.id === group.id)
    if (first >= 0) throw new StatusFileError(['groups', index, 'id'], `is already the id of groups[${first}]`)
    groups.push({ id: group.id, name: localized(group.name), collapsed: group.collapsed ?? false })
  }
  const components: DeclaredComponent[] = []
  for (const [index, component] of file.components.entries()) {
    const first = components.findIndex((earlier) => earlier.id === component.id)
    if (first >= 0) throw new StatusFileError(['components', index, 'id'], `is already the id of components[${first}]`)
    const twin = components.findIndex((earlier) => earlier.check.kind === 'builtin' && earlier.check.probe === component.builtin)
    if (twin >= 0) throw new StatusFileError(['components', index, 'builtin'], `${component.builtin} is already declared by components[${twin}]`)
    components.push(declaredComponent(component, ['components', index], groups, options))
  }
  const empty = groups.findIndex((group) => !components.some((component) => component.group === group.id))
  if (empty >= 0) {
    const id = groups[empty]!.id
    const named = options.mayQuote(formatPath(['groups', empty, 'id'])) ? `group "${id}"` : 'this group'
    throw new StatusFileError(['groups', empty], `no component is in ${named} (name it in a component's group, or remove the group)`)
  }
  const templates: DeclaredTemplate[] = []
  for (const [index, template] of (file.templates ?? []).entries()) {
    const first = templates.findIndex((earlier) => earlier.id === template.id)
    if (first >= 0) throw new StatusFileError(['templates', index, 'id'], `is already the id of templates[${first}]`)
    templates.push(declaredTemplate(template, ['templates', index], components, options))
  }
  const maintenance = declaredSeries(file.maintenance ?? [], components)
  return {
    file: path.resolve(options.file), product, groups, components, templates,
    ...(maintenance.length === 0 ? {} : { maintenance }),
    ...(file.uptime === undefined ? {} : { uptime: declaredUptime(file.uptime) })
  }
}

/** The file's `uptime:` with the defaults for what it leaves out; the schema has checked every range. */
function declaredUptime (uptime: NonNullable<StatusFile['uptime']>): UptimePolicy {
  return {
    barDays: (uptime.barDays ?? DEFAULT_UPTIME.barDays) as UptimePolicy['barDays'],
    target: uptime.target ?? DEFAULT_UPTIME.target,
    weights: { ...DEFAULT_UPTIME.weights, ...uptime.weights },
    maintenance: (uptime.maintenance ?? DEFAULT_UPTIME.maintenance) as UptimePolicy['maintenance']
  }
}

/** A template whose texts pass the rules typed text passes (so opening from it is never refused for them), naming declared components. */
function declaredTemplate (template: FileTemplate, at: FilePath, components: DeclaredComponent[], options: DeclarationOptions): DeclaredTemplate {
  const title = pageText(template.title, [...at, 'title'], checkTitle)
  const message = pageText(template.message, [...at, 'message'], checkMessage)
  const declared = components.map((component) => component.id)
  for (const [index, id] of (template.components ?? []).entries()) {
    if (declared.includes(id)) continue
    const shown = options.mayQuote(formatPath([...at, 'components', index])) ? `${quote(id)} ` : ''
    throw new StatusFileError([...at, 'components', index], `${shown}is not a declared component (components: ${declared.join(', ')})`)
  }
  return { id: template.id, title, message, impact: template.impact, components: [...template.components ?? []] }
}

/** Every language given, trimmed, each checked by `rule` (a title is one line; a message allows line breaks). */
function pageText (text: FileTemplate['title'], at: FilePath, rule: (label: string, value: string) => string): PageText {
  const given: Array<[string, string]> = typeof text === 'string' ? [['en', text]] : Object.entries(text).filter((entry): entry is [string, string] => entry[1] !== undefined)
  const checked: Record<string, string> = {}
  for (const [lang, value] of given) {
    const where = typeof text === 'string' ? at : [...at, lang]
    try {
      checked[lang] = rule('it', value.trim())
    } catch (error) {
      if (error instanceof InvalidInput) throw new StatusFileError(where, error.message.replace(/^it /, ''))
      throw error
    }
  }
  return checked as PageText
}

function declaredComponent (component: FileComponent, at: FilePath, groups: DeclaredGroup[], options: DeclarationOptions): DeclaredComponent {
  // The minute history keeps the overall status as the component `overall`.
  if (component.id === 'overall') throw new StatusFileError([...at, 'id'], '"overall" is reserved for the overall status in the history')
  const reserved = BUILTIN_PROBES.find((probe) => probe === component.id)
  if (reserved !== undefined && component.builtin !== reserved) {
    throw new StatusFileError([...at, 'id'], `"${reserved}" belongs to the builtin of that name (builtin: ${reserved})`)
  }
  if (component.group !== undefined && !groups.some((group) => group.id === component.group)) {
    const known = groups.length === 0 ? 'no groups are declared' : `groups: ${groups.map((group) => group.id).join(', ')}`
    const shown = options.mayQuote(formatPath([...at, 'group'])) ? `${quote(component.group)} ` : ''
    throw new StatusFileError([...at, 'group'], `${shown}is not a declared group (${known})`)
  }
  const probe = component.builtin
  return {
    id: component.id,
    name: component.name !== undefined ? localized(component.name) : probe !== undefined ? builtinName(probe) : localized(component.id),
    description: component.description !== undefined ? localized(component.description) : probe !== undefined ? builtinDescription(probe) : undefined,
    group: component.group,
    critical: component.critical ?? false,
    check: probe !== undefined ? { kind: 'builtin', probe } : declaredCheck(component.check!, [...at, 'check'])
  }
}

function declaredCheck (check: FileCheck, at: FilePath): ComponentCheck {
  if (check.http !== undefined) {
    const http = check.http
    const where = [...at, 'http']
    const url = httpUrl(http.url, [...where, 'url'], 'put credentials in headers')
    const { everyMs, timeoutMs } = interval(http, where)
    const expect = http.expect ?? {}
    const latencyBelowMs = expect.latencyBelow === undefined ? undefined : duration(expect.latencyBelow, [...where, 'expect', 'latencyBelow'], 1, LIMITS.timeout.max)
    if (latencyBelowMs !== undefined && latencyBelowMs >= timeoutMs) {
      throw new StatusFileError([...where, 'expect', 'latencyBelow'], `must be shorter than the timeout (${formatDuration(timeoutMs)})`)
    }
    return {
      kind: 'http',
      url,
      method: http.method ?? 'GET',
      headers: { ...http.headers },
      everyMs,
      timeoutMs,
      confirm: http.confirm ?? DEFAULT_CONFIRM,
      expect: {
        status: expect.status ?? ANY_2XX,
        ...(expect.bodyIncludes === undefined ? {} : { bodyIncludes: expect.bodyIncludes }),
        ...(expect.json === undefined ? {} : { json: { pointer: expect.json.pointer, equals: expect.json.equals } }),
        ...(latencyBelowMs === undefined ? {} : { latencyBelowMs }),
        certDays: expect.certDays ?? DEFAULT_CERT_DAYS
      }
    }
  }
  if (check.tcp !== undefined) {
    const { everyMs, timeoutMs } = interval(check.tcp, [...at, 'tcp'])
    return { kind: 'tcp', host: check.tcp.host, port: check.tcp.port, everyMs, timeoutMs, confirm: check.tcp.confirm ?? DEFAULT_CONFIRM }
  }
  if (check.push !== undefined) {
    return { kind: 'push', withinMs: duration(check.push.within, [...at, 'push', 'within'], LIMITS.within.min, LIMITS.within.max) }
  }
  if (check.platform !== undefined) return { kind: 'platform', component: check.platform.trim() }
  return { kind: 'manual' }
}

/** `every` and `timeout`: the timeout defaults to 10s, or to `every` when that is shorter, and never exceeds it. */
function interval (check: { every?: string, timeout?: string }, at: FilePath): { everyMs: number, timeoutMs: number } {
  const everyMs = check.every === undefined ? LIMITS.every.fallback : duration(check.every, [...at, 'every'], LIMITS.every.min, LIMITS.every.max)
  if (check.timeout === undefined) return { everyMs, timeoutMs: Math.min(LIMITS.timeout.fallback, everyMs) }
  const timeoutMs = duration(check.timeout, [...at, 'timeout'], LIMITS.timeout.min, LIMITS.timeout.max)
  if (timeoutMs > everyMs) throw new StatusFileError([...at, 'timeout'], `must not be longer than every (${formatDuration(everyMs)})`)
  return { everyMs, timeoutMs }
}

/** Milliseconds of a duration the schema has accepted, within its bounds. */
function duration (text: string, at: FilePath, minMs: number, maxMs: number): number {
  const ms = parseDuration(text)!
  if (ms < minMs || ms > maxMs) throw new StatusFileError(at, `must be from ${formatDuration(minMs)} to ${formatDuration(maxMs)}`)
  return ms
}

/** An absolute http(s) URL that fetch() can ask: credentials in it make every request fail. */
function httpUrl (text: string, at: FilePath, credentialsHint?: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new StatusFileError(at, URL_RULE)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw new StatusFileError(at, URL_RULE)
  if (url.username !== '' || url.password !== '') {
    throw new StatusFileError(at, `must not contain a user name or password${credentialsHint === undefined ? '' : ` (${credentialsHint})`}`)
  }
  return text
}

function declaredProduct (product: NonNullable<StatusFile['product']>, options: DeclarationOptions): DeclaredProduct {
  const folder = path.dirname(path.resolve(options.file))
  const image = (key: 'logo' | 'logoDark' | 'favicon') => {
    const value = product[key]
    if (value === undefined) return undefined
    const at = ['product', key]
    try {
      return readBrandImage(path.resolve(folder, value), options.mayQuote(formatPath(at)) ? value : undefined)
    } catch (error) {
      if (error instanceof BrandImageError) throw new StatusFileError(at, error.message)
      throw error
    }
  }
  const footer = product.footer === undefined ? undefined : localized(product.footer)
  for (const lang of PAGE_LANGUAGES) {
    const mistake = footer === undefined ? undefined : footerMistake(footer[lang])
    // A language the file left out shows English: its mistake is the `en` key's.
    const written = typeof product.footer === 'object' && (product.footer as Partial<Record<PageLanguage, string>>)[lang] !== undefined ? lang : 'en'
    if (mistake !== undefined) throw new StatusFileError(['product', 'footer', ...(typeof product.footer === 'string' ? [] : [written])], mistake)
  }
  const accent = colour(product.accent)
  if (accent !== undefined) {
    const background = themeContrast(accent, 'light')
    const onAccent = contrastRatio(accent, ON_ACCENT.light)
    if (background < MIN_CONTRAST || onAccent < MIN_CONTRAST) {
      throw new StatusFileError(['product', 'accent'], `${accent} reaches ${formatRatio(background)} against the light background and ` +
        `${formatRatio(onAccent)} with white text on it; both must reach ${MIN_CONTRAST}:1 (choose a darker colour)`)
    }
  }
  const declaredDark = colour(product.accentDark)
  if (declaredDark !== undefined && themeContrast(declaredDark, 'dark') < MIN_CONTRAST) {
    throw new StatusFileError(['product', 'accentDark'], `${declaredDark} reaches ${formatRatio(themeContrast(declaredDark, 'dark'))} against the dark background; ` +
      `it must reach ${MIN_CONTRAST}:1 (choose a lighter colour, or leave accentDark out to derive it from accent)`)
  }
  return {
    name: product.name?.trim(),
    url: product.url === undefined ? undefined : httpUrl(product.url, ['product', 'url']),
    description: product.description === undefined ? undefined : localized(product.description),
    links: (product.links ?? []).map((link, index) => ({ label: localized(link.label), url: httpUrl(link.url, ['product', 'links', index, 'url']) })),
    footer,
    logo: image('logo'),
    logoDark: image('logoDark'),
    favicon: image('favicon'),
    accent,
    accentDark: declaredDark ?? (accent === undefined ? undefined : lightenForDark(accent))
  }
}

/** `#38D` → `#3388dd`: one spelling for whoever compares or mixes colours later. */
function colour (value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const hex = value.slice(1).toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
}

function localized (text: string | ({ en: string } & Partial<Record<PageLanguage, string>>)): LocalizedText {
  return localizedText(typeof text === 'string' ? text.trim() : Object.fromEntries(Object.entries(text).map(([lang, value]) => [lang, value.trim()])) as typeof text)
}
