// Reads every publishing surface of a running instance back into (indicator, {componentId: status}), so a test can
// assert that they all show exactly what GET /api/v1/health/components says (docs/en/status-definitions.md#one-model). One extractor per
// surface; readSurfaces() fetches them all from a base URL. A surface that cannot show something leaves it out:
// `indicator` undefined, or a component absent from `components` (the Statuspage copy leaves out `unknown` ones).
import type { TestContext } from 'node:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { buildApp } from '../../src/app.ts'
import { openContext } from '../../src/context.ts'
import { serialize } from '../../src/lib/serialized.ts'
import { createMetrics } from '../../src/metrics/metrics.ts'
import type { StatusDeclaration } from '../../src/declaration/declaration.ts'
import type { PublicHealthSnapshot, StatusService } from '../../src/status/service.ts'
import { testConfig } from '../helper.ts'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ComponentsBody } from '../../src/api/components.ts'
import type { ShieldsEndpointBody } from '../../src/api/badges.ts'
import type { StatuspageComponent } from '../../src/api/statuspage-copy.ts'
import type { Locale } from '../../src/lib/locale.ts'
import { INDICATOR_BADGE, STATUS_BADGE } from '../../src/publish/badges.ts'
import { PAGE_INDICATORS, PUBLIC_STATUSES } from '../../src/metrics/metrics.ts'
import { TEXT, headline } from '../../src/view/status-view.js'
import { INDICATOR_DESCRIPTIONS, type Indicator, type ShownStatus } from '../../src/status/model.ts'

export interface SurfaceReading {
  /** The page indicator the surface shows; undefined when it shows none (or none could be read). */
  indicator: Indicator | undefined
  /** Each component the surface shows, by id, with the status it shows. */
  components: Record<string, ShownStatus>
}

export const SURFACES = [
  'page-en', 'page-de', 'statuspage-summary', 'statuspage-status', 'statuspage-components', 'badge-json', 'badge-svg',
  'markdown-en', 'markdown-de', 'mcp', 'metrics'
] as const
export type Surface = typeof SURFACES[number]

/** What the model itself says, in the same shape: what every reading must agree with. */
export function fromModel (body: Pick<ComponentsBody, 'indicator' | 'components'>): SurfaceReading {
  return { indicator: body.indicator, components: Object.fromEntries(body.components.map((component) => [component.id, component.status])) }
}

/** The HTML status page: the root's `data-indicator` and each component element's `data-component` / `data-status`. */
export function fromStatusPage (html: string): SurfaceReading {
  const indicator = /<div id="status"[^>]* data-indicator="([a-z]+)"/.exec(html)?.[1] as Indicator | undefined
  const components: Record<string, ShownStatus> = {}
  for (const [, id, status] of html.matchAll(/<li [^>]*data-component="([^"]+)" data-status="([a-z_]+)"/g)) components[id!] = status as ShownStatus
  return { indicator, components }
}

/** `/status/api/v2/summary.json`: the indicator and every non-group component (unknown ones are not in the copy). */
export function fromStatuspageSummary (body: { status: { indicator: string }, components: StatuspageComponent[] }): SurfaceReading {
  return { indicator: body.status.indicator as Indicator, components: fromStatuspageComponents(body).components }
}

/** `/status/api/v2/status.json`: the indicator only. */
export function fromStatuspageStatus (body: { status: { indicator: string } }): SurfaceReading {
  return { indicator: body.status.indicator as Indicator, components: {} }
}

/** `/status/api/v2/components.json`: the components only (group components left out: the model's groups are not components). */
export function fromStatuspageComponents (body: { components: StatuspageComponent[] }): SurfaceReading {
  return { indicator: undefined, components: Object.fromEntries(body.components.filter((c) => !c.group).map((c) => [c.id, c.status])) }
}

const byMessage = <K extends string>(table: Record<K, { message: string }>, message: string): K | undefined =>
  (Object.keys(table) as K[]).find((key) => table[key].message === message)

/**
 * `/status/badges/status.json`: without `component` the indicator, with it that component's status. Before the first
 * probe round the badge says "unknown", which reads as no indicator.
 */
export function fromStatusBadgeJson (body: Pick<ShieldsEndpointBody, 'message'>, component?: string): SurfaceReading {
  if (component === undefined) return { indicator: byMessage(INDICATOR_BADGE, body.message), components: {} }
  const status = byMessage(STATUS_BADGE, body.message)
  return { indicator: undefined, components: status === undefined ? {} : { [component]: status } }
}

/** `/status/badges/status.svg`: the same from its `aria-label` ("label: message"). */
export function fromStatusBadgeSvg (svg: string, component?: string): SurfaceReading {
  const label = /aria-label="([^"]*)"/.exec(svg)?.[1] ?? ''
  return fromStatusBadgeJson({ message: label.slice(label.indexOf(': ') + 2) }, component)
}

/** `/status.md` (`lang` en) or its German twin: the headline's words and the components table's rows with an id. */
export function fromStatusMarkdown (markdown: string, lang: Locale = 'en'): SurfaceReading {
  const words = TEXT[lang] as unknown as { overall: Record<Indicator, string>, status: { unknown: string }, platformStatus: Record<string, string> }
  const shownHeadline = /^# .*\n\n\*\*(.+?)\*\*/.exec(markdown)?.[1]
  const statusOf = (shown: string): ShownStatus | undefined => shown === words.status.unknown
    ? 'unknown'
    : Object.keys(words.platformStatus).find((key) => words.platformStatus[key] === shown) as ShownStatus | undefined
  const components: Record<string, ShownStatus> = {}
  // Component rows end their first cell with the id in code (`Music \`music\``); group rows and other tables have none.
  for (const [, id, shown] of markdown.matchAll(/^\| (?:[^|\n]|\\\|)*`([^`]+)` \| ([^|\n]+?) \|/gm)) {
    const status = statusOf(shown!)
    if (status !== undefined && !(id! in components)) components[id!] = status
  }
  // The headline's words depend on how many components have not reported (docs/en/status-page.md#headline).
  const shown = Object.values(components)
  const unknownComponents = shown.filter((status) => status === 'unknown').length
  const indicator = (Object.keys(INDICATOR_DESCRIPTIONS) as Indicator[])
    .find((candidate) => headline(TEXT[lang], { indicator: candidate, description: '', unknownComponents, components: shown }) === shownHeadline)
  return { indicator, components }
}

/** The MCP tool `get_status`: its structured content (GET /api/v1/health/components unchanged). */
export function fromMcpGetStatus (structured: unknown): SurfaceReading {
  return fromModel(structured as ComponentsBody)
}

/** The Prometheus exposition: `status_api_page_indicator` and `status_api_component_public_status`, the series at 1. */
export function fromMetrics (exposition: string): SurfaceReading {
  let indicator: Indicator | undefined
  const components: Record<string, ShownStatus> = {}
  for (const line of exposition.split('\n')) {
    const page = /^status_api_page_indicator\{indicator="([^"]+)"\} 1$/.exec(line)
    if (page !== null && (PAGE_INDICATORS as readonly string[]).includes(page[1]!)) indicator = page[1] as Indicator
    const component = /^status_api_component_public_status\{component="([^"]+)",status="([^"]+)"\} 1$/.exec(line)
    if (component !== null && (PUBLIC_STATUSES as readonly string[]).includes(component[2]!)) components[component[1]!] = component[2] as ShownStatus
  }
  return { indicator, components }
}

export interface SurfaceSources {
  /** The instance's base URL, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string
  /** The declared components' ids: each gets its own status badge. */
  componentIds: readonly string[]
  /** The German prefix (default `/de`). */
  germanPrefix?: string
  /** An MCP client connected to `status-api mcp --url baseUrl`; without it the `mcp` reading is left out. */
  mcp?: Client
  /** The exposition text, e.g. a fetch of the metrics listener or `metrics.registry.metrics()`; without it `metrics` is left out. */
  metrics?: () => Promise<string>
}

/** Reads every surface of a running instance: one reading per surface (mcp and metrics only when given). */
export async function readSurfaces (sources: SurfaceSources): Promise<Partial<Record<Surface, SurfaceReading>>> {
  const get = async (path: string): Promise<Response> => {
    const response = await fetch(`${sources.baseUrl}${path}`)
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    return response
  }
  const json = async (path: string) => await (await get(path)).json() as never
  const text = async (path: string) => await (await get(path)).text()
  const merge = (readings: SurfaceReading[]): SurfaceReading => ({
    indicator: readings.find((reading) => reading.indicator !== undefined)?.indicator,
    components: Object.assign({}, ...readings.map((reading) => reading.components)) as Record<string, ShownStatus>
  })
  const query = (id: string) => `?component=${encodeURIComponent(id)}`

  const readings: Partial<Record<Surface, SurfaceReading>> = {
    'page-en': fromStatusPage(await text('/status')),
    'page-de': fromStatusPage(await text(`${sources.germanPrefix ?? '/de'}/status`)),
    'statuspage-summary': fromStatuspageSummary(await json('/status/api/v2/summary.json')),
    'statuspage-status': fromStatuspageStatus(await json('/status/api/v2/status.json')),
    'statuspage-components': fromStatuspageComponents(await json('/status/api/v2/components.json')),
    'badge-json': merge([
      fromStatusBadgeJson(await json('/status/badges/status.json')),
      ...await Promise.all(sources.componentIds.map(async (id) => fromStatusBadgeJson(await json(`/status/badges/status.json${query(id)}`), id)))
    ]),
    'badge-svg': merge([
      fromStatusBadgeSvg(await text('/status/badges/status.svg')),
      ...await Promise.all(sources.componentIds.map(async (id) => fromStatusBadgeSvg(await text(`/status/badges/status.svg${query(id)}`), id)))
    ]),
    'markdown-en': fromStatusMarkdown(await text('/status.md'), 'en'),
    'markdown-de': fromStatusMarkdown(await text(`${sources.germanPrefix ?? '/de'}/status.md`), 'de')
  }
  if (sources.mcp !== undefined) {
    const result = await sources.mcp.callTool({ name: 'get_status' }) as CallToolResult
    if (result.isError === true) throw new Error(`get_status failed: ${JSON.stringify(result.content)}`)
    readings.mcp = fromMcpGetStatus(result.structuredContent)
  }
  if (sources.metrics !== undefined) readings.metrics = fromMetrics(await sources.metrics())
  return readings
}

/**
 * What a surface must show of the model: the same indicator where it shows one, and each component it can show with the
 * same status — every component, except that the Statuspage copy leaves out `unknown` ones and shows no indicator in
 * components.json.
 */
export function expectedReading (surface: Surface, model: SurfaceReading): SurfaceReading {
  const known = Object.fromEntries(Object.entries(model.components).filter(([, status]) => status !== 'unknown'))
  switch (surface) {
    case 'statuspage-summary': return { indicator: model.indicator, components: known }
    case 'statuspage-status': return { indicator: model.indicator, components: {} }
    case 'statuspage-components': return { indicator: undefined, components: known }
    default: return model
  }
}

/** A listening instance of the declaration whose public status is whatever `set` was given last (the measured health stays real). */
export async function listeningWithModel (t: TestContext, declaration: StatusDeclaration) {
  const config = testConfig(t)
  config.status = declaration
  const context = await openContext(config, { migrate: true })
  await context.monitor.runOnce()
  const measured = context.status
  let body: ReturnType<typeof serialize<ComponentsBody>> = measured.current()
  let health: { from: PublicHealthSnapshot, snapshot: PublicHealthSnapshot } | undefined
  const fixed: StatusService = {
    current: () => body,
    health () {
      const from = measured.health()!
      if (health?.from !== from || health.snapshot.value.indicator !== body.value.indicator) {
        health = { from, snapshot: { ...serialize({ ...from.value, indicator: body.value.indicator }), statusCode: from.statusCode } }
      }
      return health.snapshot
    }
  }
  context.status = fixed
  const app = await buildApp(context)
  const metrics = createMetrics({ monitor: context.monitor, incidents: context.incidents, platformStatus: context.platformStatus, status: fixed })
  t.after(async () => {
    await app.close()
    await context.close()
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const set = (value: ComponentsBody) => { body = serialize(value) }
  return { app, context, base, metrics, set }
}
