// The status file's one schema (docs/en/architecture.md#status-model): the loader checks a file against it (./schema-check.ts) and
// `status-api config schema` prints it as JSON Schema 2020-12 for editors. Every object refuses unknown keys.
import { Type, type Static, type TSchema } from 'typebox'
import { BUILTIN_PROBES } from './declaration.ts'
import { DURATION_PATTERN, DURATION_RULE } from './duration.ts'
import { IncidentImpact } from '../api/incidents.ts'
import { PAGE_LANGUAGES } from '../lib/locale.ts'
import { TEXT_LIMITS } from '../lib/text-rules.ts'

/**
 * `patternErrorMessage` is what editors (VS Code, yaml-language-server) show when a pattern fails; the loader
 * says the same. `${NAME}` may stand for a URL or a host, so that an editor does not mark it (the loader checks
 * the value after substitution).
 */
const PLACEHOLDER = '\\$\\{[A-Z_][A-Z0-9_]*\\}'

export const ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$'
export const URL_RULE = 'must be an http(s) URL'

const Id = (description: string) => Type.String({ pattern: ID_PATTERN, patternErrorMessage: 'must be lowercase letters, digits and dashes', description })

const Duration = (description: string, fallback?: string) => Type.String({
  pattern: DURATION_PATTERN, patternErrorMessage: DURATION_RULE, description, ...(fallback === undefined ? {} : { default: fallback })
})

const HttpUrl = (description: string) => Type.String({ pattern: `^(?:https?://|${PLACEHOLDER})\\S*$`, patternErrorMessage: URL_RULE, description })

const Text = (maxLength: number) => Type.String({ pattern: '\\S', patternErrorMessage: 'must not be empty', maxLength })

/**
 * A string stands for every language; a mapping gives English and any other shipped language, and a language it
 * leaves out shows the English text. A key the service does not ship is refused (additionalProperties).
 */
const LocalizedText = (maxLength: number, description: string) => Type.Union([
  Text(maxLength),
  Type.Object({
    en: Text(maxLength),
    ...Object.fromEntries(PAGE_LANGUAGES.filter((lang) => lang !== 'en').map((lang) => [lang, Type.Optional(Text(maxLength))]))
  }, { additionalProperties: false })
], { description: `${description}: a string for every language, or { ${PAGE_LANGUAGES.join(', ')} } (en required; a language left out shows the English text)` })

/** A template's text: a string for every language, or English and any other page language (the others show the English). */
const PageText = (maxLength: number, description: string) => Type.Union([
  Text(maxLength),
  Type.Object({
    en: Text(maxLength),
    ...Object.fromEntries(PAGE_LANGUAGES.filter((lang) => lang !== 'en').map((lang) => [lang, Type.Optional(Text(maxLength))]))
  }, { additionalProperties: false })
], { description: `${description}: a string for every language, or { ${PAGE_LANGUAGES.join(', ')} } with en required` })

const FilePath = (description: string) => Type.String({
  pattern: '^(?![A-Za-z][A-Za-z0-9+.-]*:)\\S', patternErrorMessage: 'must be a file path relative to the status file, not a URL', description
})

const Colour = (description: string) => Type.String({
  pattern: '^#(?:[0-9A-Fa-f]{3}){1,2}$', patternErrorMessage: 'must be a colour such as #3B4BD8 or #38D', description
})

const Confirm = Type.Integer({ minimum: 1, maximum: 10, default: 2, description: 'Consecutive failed attempts before a failure counts' })

const Product = Type.Object({
  name: Type.Optional(Text(60)),
  logo: Type.Optional(FilePath('svg, png or webp, relative to this file')),
  logoDark: Type.Optional(FilePath('The logo on the dark theme')),
  favicon: Type.Optional(FilePath('The page icon')),
  accent: Type.Optional(Colour('The accent colour of the light theme')),
  accentDark: Type.Optional(Colour('The accent colour of the dark theme')),
  url: Type.Optional(HttpUrl('The product\'s website')),
  links: Type.Optional(Type.Array(Type.Object({
    label: LocalizedText(40, 'The button\'s text'),
    url: HttpUrl('Where the button leads')
  }, { additionalProperties: false }), { maxItems: 8, description: 'Buttons in the page header' })),
  description: Type.Optional(LocalizedText(500, 'A sentence about the product')),
  footer: Type.Optional(LocalizedText(500, 'Plain text under every page; links only as [text](https://…)'))
}, { additionalProperties: false, description: 'The product whose status this is' })

const Group = Type.Object({
  id: Id('Unique among groups; components name it in `group`'),
  name: LocalizedText(100, 'The group\'s name on the page'),
  collapsed: Type.Optional(Type.Boolean({ default: false, description: 'Shown folded until opened' }))
}, { additionalProperties: false })

const HttpCheck = Type.Object({
  url: HttpUrl('What to ask'),
  method: Type.Optional(Type.Enum(['GET', 'HEAD'], { default: 'GET' })),
  headers: Type.Optional(Type.Record(Type.String(), Type.String({ pattern: '^[^\\r\\n]*$', patternErrorMessage: 'must be one line' }), {
    propertyNames: { pattern: '^[!#$%&\'*+.^_`|~0-9A-Za-z-]+$', patternErrorMessage: 'must be an HTTP header name' },
    description: 'Request headers; use ${NAME} for secrets'
  })),
  every: Type.Optional(Duration('How often to check (5s to 1h)', '60s')),
  timeout: Type.Optional(Duration('Each attempt\'s time limit (100ms to 60s, at most `every`); default 10s, or `every` when shorter')),
  confirm: Type.Optional(Confirm),
  expect: Type.Optional(Type.Object({
    status: Type.Optional(Type.Array(Type.Integer({ minimum: 100, maximum: 599 }), { minItems: 1, uniqueItems: true, description: 'Expected statuses; default any 2xx' })),
    bodyIncludes: Type.Optional(Type.String({ minLength: 1, description: 'Text the body must contain' })),
    json: Type.Optional(Type.Object({
      pointer: Type.String({
        pattern: '^(?:/(?:[^~/]|~[01])*)*$', patternErrorMessage: 'must be a JSON pointer such as /status (empty for the whole body)', description: 'RFC 6901'
      }),
      equals: Type.Unknown({ description: 'The value expected there' })
    }, { additionalProperties: false, description: 'A value the JSON body must hold' })),
    latencyBelow: Type.Optional(Duration('A slower answer is degraded (shorter than the timeout)')),
    certDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365, default: 14, description: 'A certificate expiring within this many days is degraded; 0: no warning' }))
  }, { additionalProperties: false, not: { required: ['bodyIncludes', 'json'] } }))
}, { additionalProperties: false, description: 'Ask a URL over HTTP(S)' })

const TcpCheck = Type.Object({
  host: Type.String({ pattern: `^(?:[A-Za-z0-9._:-]|${PLACEHOLDER})+$`, patternErrorMessage: 'must be a host name or IP address', description: 'Where to connect' }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  timeout: Type.Optional(Duration('Each attempt\'s time limit (100ms to 60s, at most `every`); default 10s, or `every` when shorter')),
  every: Type.Optional(Duration('How often to check (5s to 1h)', '60s')),
  confirm: Type.Optional(Confirm)
}, { additionalProperties: false, description: 'Open a TCP connection' })

const CHECK_KINDS = ['http', 'tcp', 'push', 'platform', 'manual'] as const

const Check = Type.Object({
  http: Type.Optional(HttpCheck),
  tcp: Type.Optional(TcpCheck),
  push: Type.Optional(Type.Object({
    within: Duration('Silent for longer than this is down (10s to 7d)')
  }, { additionalProperties: false, description: 'The component reports its own state through the operator API' })),
  platform: Type.Optional(Type.String({ pattern: '\\S', patternErrorMessage: 'must not be empty', maxLength: 200, description: 'The component\'s name on the chat platform\'s status page' })),
  manual: Type.Optional(Type.Literal(true, { description: 'Changed only by incidents and operators' }))
}, { additionalProperties: false, oneOf: CHECK_KINDS.map((kind) => ({ required: [kind] })), description: 'How the status is measured: exactly one kind' })

const Component = Type.Object({
  id: Id(`Unique among components; ${BUILTIN_PROBES.slice(0, -1).join(', ')} and ${BUILTIN_PROBES.at(-1)} belong to the builtin of that name`),
  name: Type.Optional(LocalizedText(100, 'The name on the page (default: the id, or the builtin\'s name)')),
  description: Type.Optional(LocalizedText(500, 'What the component is')),
  group: Type.Optional(Id('The id of a declared group')),
  critical: Type.Optional(Type.Boolean({ default: false, description: 'A down here makes the health endpoint\'s overall status down, not degraded' })),
  builtin: Type.Optional(Type.Enum([...BUILTIN_PROBES], { description: 'One of the service\'s own probes' })),
  check: Type.Optional(Check)
}, { additionalProperties: false, oneOf: [{ required: ['builtin'] }, { required: ['check'] }] })

const Weight = (description: string, fallback: number) => Type.Number({ minimum: 0, maximum: 1, default: fallback, description })

const Uptime = Type.Object({
  barDays: Type.Optional(Type.Enum([30, 60, 90], { default: 90, description: 'Days the status page\'s bars show' })),
  target: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'The promised uptime in percent, shown beside every figure and in reports' })),
  weights: Type.Optional(Type.Object({
    degraded_performance: Type.Optional(Weight('The fraction of a degraded minute counted as down', 0)),
    partial_outage: Type.Optional(Weight('The fraction of a partial-outage minute counted as down', 0.5)),
    major_outage: Type.Optional(Weight('The fraction of a major-outage minute counted as down', 1))
  }, { additionalProperties: false, description: 'The fraction of a minute counted as down, per status (0 to 1)' })),
  maintenance: Type.Optional(Type.Enum(['excluded', 'up', 'counted'], {
    default: 'excluded', description: 'Maintenance minutes: excluded from both sides, counted as up, or counted as the status shown beneath'
  }))
}, { additionalProperties: false, description: 'How uptime is computed and shown (docs/en/status-definitions.md#uptime)' })

const Template = Type.Object({
  id: Id('Unique among templates; `incident open --template ID` names it'),
  title: PageText(TEXT_LIMITS.title, 'The incident\'s title (one line)'),
  message: PageText(TEXT_LIMITS.message, 'The incident\'s first update'),
  impact: Type.Enum(IncidentImpact.anyOf.map((impact) => impact.const), { description: 'The incident\'s impact' }),
  components: Type.Optional(Type.Array(Id('The id of a declared component'), { uniqueItems: true, maxItems: 200, description: 'What it affects; the impact decides their status' }))
}, { additionalProperties: false, description: 'An incident written ahead of time' })

const MaintenanceSeries = Type.Object({
  id: Id('Unique among the file\'s series: the series keeps it, so an edit changes this series rather than adding one'),
  title: Text(200),
  message: Type.String({ pattern: '\\S', patternErrorMessage: 'must not be empty', maxLength: 5000, description: 'What happens and what users notice' }),
  rrule: Type.String({
    pattern: '\\S', patternErrorMessage: 'must not be empty', maxLength: 300,
    description: 'An RFC 5545 RRULE: FREQ DAILY, WEEKLY or MONTHLY, INTERVAL, BYDAY (SU, 1SU, -1FR), BYMONTHDAY, COUNT, UNTIL'
  }),
  start: Type.String({
    pattern: '^(?:\\d{4}-\\d{2}-\\d{2}T)?\\d{2}:\\d{2}$', patternErrorMessage: 'must be a local time such as 03:00, or a first start such as 2026-12-06T03:00',
    description: 'The local time each occurrence starts at (03:00), or the first start (2026-12-06T03:00), in `timezone`'
  }),
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'UTC', description: 'An IANA time zone (Europe/Berlin): occurrences keep their local time across daylight saving changes' })),
  duration: Duration('How long each occurrence lasts (1m to 7 days): 1h, 90m'),
  components: Type.Optional(Type.Array(Id('A declared component\'s id'), { uniqueItems: true, maxItems: 200, description: 'Under maintenance while an occurrence is active' })),
  remind: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10080 }), Duration('A duration such as 30m or 2h')], {
    description: 'How far ahead of each start its reminder goes out: minutes, or a duration (30m); 0: none. MAINTENANCE_REMIND_MINUTES when omitted'
  }))
}, { additionalProperties: false })

export const StatusFileSchema = Type.Object({
  $schema: Type.Optional(Type.String({ description: 'Where editors find this schema' })),
  product: Type.Optional(Product),
  groups: Type.Optional(Type.Array(Group, { maxItems: 50, description: 'In page order' })),
  components: Type.Array(Component, { minItems: 1, maxItems: 200, description: 'In page order' }),
  templates: Type.Optional(Type.Array(Template, { maxItems: 100, description: 'Incidents that recur, ready to open (docs/en/status-file.md#templates)' })),
  maintenance: Type.Optional(Type.Array(MaintenanceSeries, {
    maxItems: 50, description: 'Recurring maintenance as config as code: editing a series changes its future occurrences only; removing it ends it'
  })),
  uptime: Type.Optional(Uptime)
}, { additionalProperties: false })

export type StatusFile = Static<typeof StatusFileSchema>
export type FileComponent = StatusFile['components'][number]
export type FileCheck = NonNullable<FileComponent['check']>
export type FileTemplate = NonNullable<StatusFile['templates']>[number]

/** The schema as a JSON Schema 2020-12 document, for editors: what `status-api config schema` prints. */
export function statusFileJsonSchema (): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'status-api status file',
    description: 'The product, its groups, components, incident templates and recurring maintenance (docs/en/status-file.md)',
    ...(JSON.parse(JSON.stringify(StatusFileSchema as TSchema)) as Record<string, unknown>)
  }
}
