// What the operator declared (docs/en/architecture.md#status-model): the product, groups and components, as the rest of the service reads
// them. The status file (./status-file.ts) produces it; without a file, builtinDeclaration() is the spec's three.
import type { BrandImage } from '../brand/image.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { WORDS } from '../view/locale-words.js'

/** Text in every shipped page language: a plain string in the file stands for all, a language it leaves out is English. */
export type LocalizedText = Record<PageLanguage, string>

/** Text in any page language: English always, each other language where given (a page in one not given shows the English). */
export type PageText = { en: string } & Partial<Record<PageLanguage, string>>

/** An incident as the operator declared it ahead of time: what `incident open --template ID` opens, unless options say otherwise. */
export interface DeclaredTemplate {
  id: string
  title: PageText
  /** The incident's first update. */
  message: PageText
  impact: 'none' | 'minor' | 'major' | 'critical'
  /** Ids of declared components, in file order; the impact decides their status. */
  components: string[]
}

/** The spec's three probes, which every instance runs (and `/api/v1/health` always reports). */
export const BUILTIN_PROBES = ['database', 'cache', 'bot'] as const
export type BuiltinProbe = typeof BUILTIN_PROBES[number]

/** How a component's measured status comes about; one variant per `check` kind of the file. */
export type ComponentCheck =
  | { kind: 'builtin', probe: BuiltinProbe }
  /** Changes only through incidents and operators. */
  | { kind: 'manual' }
  /** Mirrors one component of the chat platform's status, by its name there ("Voice: EU West"). */
  | { kind: 'platform', component: string }
  | { kind: 'http', url: string, method: 'GET' | 'HEAD', headers: Record<string, string>, everyMs: number, timeoutMs: number, confirm: number, expect: HttpExpectation }
  | { kind: 'tcp', host: string, port: number, everyMs: number, timeoutMs: number, confirm: number }
  /** Reported by the component itself through the operator API; silent for longer than `withinMs` is down. */
  | { kind: 'push', withinMs: number }

export interface HttpExpectation {
  status: number[]
  bodyIncludes?: string
  json?: { pointer: string, equals: unknown }
  /** A slower answer is degraded. */
  latencyBelowMs?: number
  /** A certificate expiring within this many days is degraded. */
  certDays: number
}

export interface DeclaredComponent {
  id: string
  name: LocalizedText
  description: LocalizedText | undefined
  /** The id of its group; undefined for a component shown on its own. */
  group: string | undefined
  /** A `down` makes the health endpoint's overall status `down` (otherwise `degraded`). */
  critical: boolean
  check: ComponentCheck
}

export interface DeclaredGroup {
  id: string
  name: LocalizedText
  /** Shown folded on the page until opened. */
  collapsed: boolean
}

export interface ProductLink {
  label: LocalizedText
  url: string
}

export interface DeclaredProduct {
  /** Undefined without a file: the pages then say "System status". */
  name: string | undefined
  url: string | undefined
  description: LocalizedText | undefined
  links: ProductLink[]
  /** Plain text under every page; `[text](https://…)` in it is a link (src/brand/footer.ts). */
  footer: LocalizedText | undefined
  /** The branding's images (docs/en/architecture.md#status-model), read and checked while the file was loaded. */
  logo: BrandImage | undefined
  logoDark: BrandImage | undefined
  favicon: BrandImage | undefined
  /** `#rrggbb` of the light theme, checked for contrast (src/brand/colour.ts). */
  accent: string | undefined
  /** `#rrggbb` of the dark theme: as declared, else the accent lightened until it reaches 4.5:1 there. */
  accentDark: string | undefined
}

/** How a minute under maintenance counts: on neither side, as up, or as the status shown beneath the window. */
export type MaintenanceCounting = 'excluded' | 'up' | 'counted'

/** The status file's `uptime:` with every default filled in. */
export interface UptimePolicy {
  /** Days the status page's bars show: 30, 60 or 90. */
  barDays: 30 | 60 | 90
  /** The promised uptime in percent; null when none was declared. */
  target: number | null
  /** The fraction of a minute in each status counted as down (operational counts 0). */
  weights: { degraded_performance: number, partial_outage: number, major_outage: number }
  maintenance: MaintenanceCounting
}

export const DEFAULT_UPTIME: UptimePolicy = {
  barDays: 90, target: null, weights: { degraded_performance: 0, partial_outage: 0.5, major_outage: 1 }, maintenance: 'excluded'
}

/** The uptime policy in force: the declared one, or the defaults. */
export function uptimePolicy (declaration: Pick<StatusDeclaration, 'uptime'>): UptimePolicy {
  return declaration.uptime ?? DEFAULT_UPTIME
}

export interface StatusDeclaration {
  /** The file it was read from; undefined for the built-in model. */
  file: string | undefined
  /** The file's `uptime:`; undefined when it has none (the defaults, ./declaration.ts uptimePolicy()). */
  uptime?: UptimePolicy
  product: DeclaredProduct
  /** In file order: the order on the page. */
  groups: DeclaredGroup[]
  /** In file order: the order on the page. */
  components: DeclaredComponent[]
  /** In file order; none without a file (or when the file declares none). */
  templates?: DeclaredTemplate[]
  /** The file's recurring maintenance, checked (src/incidents/file-series.ts writes them); none when absent. */
  maintenance?: DeclaredSeries[]
}

/** A series the status file declares. */
export interface DeclaredSeries {
  id: string
  title: string
  message: string
  /** As checkRule writes it. */
  rrule: string
  /** `HH:MM` (each occurrence's local time, from the day it is first written) or the first start `YYYY-MM-DDTHH:MM`. */
  start: string
  timeZone: string
  durationMs: number
  /** null: MAINTENANCE_REMIND_MINUTES. */
  remindMinutes: number | null
  components: string[]
}

/**
 * The languages a mapping left out, whose text is its English: kept beside the text (not in it), so the text stays
 * plain data for the bodies and comparisons, and a page can still say that such text is English.
 */
const FELL_BACK = new WeakMap<LocalizedText, ReadonlySet<PageLanguage>>()

/** Text in every shipped language: a string is all of them, a mapping's missing languages are its English. */
export function localizedText (text: string | ({ en: string } & Partial<Record<PageLanguage, string>>)): LocalizedText {
  const given: Partial<Record<PageLanguage, string>> = typeof text === 'string' ? { en: text } : text
  const filled = Object.fromEntries(PAGE_LANGUAGES.map((lang) => [lang, given[lang] ?? given.en!])) as LocalizedText
  const missing = typeof text === 'string' ? [] : PAGE_LANGUAGES.filter((lang) => given[lang] === undefined)
  if (missing.length > 0) FELL_BACK.set(filled, new Set(missing))
  return filled
}

/** Whether `text` in `lang` is the English of a mapping that left `lang` out (a string is every language's own). */
export function fellBackToEnglish (text: LocalizedText, lang: PageLanguage): boolean {
  return FELL_BACK.get(text)?.has(lang) ?? false
}

/** ` lang="en"` for an element showing `text` in `lang` when that is English fallen back to, else ''. */
export function englishFallbackAttribute (text: LocalizedText, lang: PageLanguage): string {
  return fellBackToEnglish(text, lang) ? ' lang="en"' : ''
}

/** A builtin's words from every language file (src/locales/<tag>.json, `builtin`). */
function builtinWords (probe: BuiltinProbe, part: 'names' | 'descriptions'): LocalizedText {
  return Object.fromEntries(PAGE_LANGUAGES.map((lang) => [lang, WORDS[lang].builtin[part][probe]])) as LocalizedText
}

const BUILTIN_NAMES = Object.fromEntries(BUILTIN_PROBES.map((probe) => [probe, builtinWords(probe, 'names')])) as Record<BuiltinProbe, LocalizedText>
const BUILTIN_DESCRIPTIONS = Object.fromEntries(BUILTIN_PROBES.map((probe) => [probe, builtinWords(probe, 'descriptions')])) as Record<BuiltinProbe, LocalizedText>

/** The name a builtin component gets when the file gives none. */
export function builtinName (probe: BuiltinProbe): LocalizedText {
  return BUILTIN_NAMES[probe]
}

export function builtinDescription (probe: BuiltinProbe): LocalizedText {
  return BUILTIN_DESCRIPTIONS[probe]
}

/** Without a status file: the spec's three components, no groups, a generic name — what the service did before. */
export function builtinDeclaration (): StatusDeclaration {
  return {
    file: undefined,
    product: { name: undefined, url: undefined, description: undefined, links: [], footer: undefined, logo: undefined, logoDark: undefined, favicon: undefined, accent: undefined, accentDark: undefined },
    groups: [],
    components: BUILTIN_PROBES.map((probe) => ({
      id: probe, name: BUILTIN_NAMES[probe], description: BUILTIN_DESCRIPTIONS[probe], group: undefined, critical: false, check: { kind: 'builtin', probe }
    }))
  }
}
