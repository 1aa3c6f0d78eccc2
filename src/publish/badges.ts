// Status, uptime and shards badges: the status badge says the one public status (the page indicator, or one
// component's status), the uptime badges the history's figures, rendered as SVG the way Shields renders
// (./badge-svg.ts: text measured, `<title>` and `aria-label` for screen readers) or as Shields endpoint JSON.
// Pure: the views in, the badge out; nothing here decides a status.
import type { ComponentsBody } from '../api/components.ts'
import type { HealthBody, HistoryBody } from '../api/health.ts'
import type { ShardsBody } from '../api/shards.ts'
import type { Indicator, ShownStatus } from '../status/model.ts'
import type { ShieldsEndpointBody } from '../api/badges.ts'
import { badgeSize, badgeSvg as renderSvg } from './badge-svg.ts'
import { byId, uptimeWindow } from './uptime-windows.ts'

export const BADGES = ['status', 'uptime-24h', 'uptime-7d', 'uptime-30d', 'uptime-90d', 'shards'] as const
export type Badge = typeof BADGES[number]
/** A declared component's id (the route checks it against the declaration). */
export type BadgeComponent = string

/**
 * Message backgrounds, each dark enough for the badge's white text to reach a WCAG contrast of 4.5:1 or more
 * (the test measures it); the label's background is LABEL_COLOR.
 */
export const BADGE_COLORS = { good: '1a7f37', warning: '9a6700', severe: 'bc4c00', bad: 'cf222e', maintenance: '0969da', none: '6e7781' } as const
export const LABEL_COLOR = '555555'
/** Shields ignores anything shorter for endpoint badges. */
const SHIELDS_CACHE_SECONDS = 300

export interface BadgeContent {
  label: string
  message: string
  color: string
}

export interface BadgeViews {
  /** The one public status; undefined (or `health` undefined: no probe round yet) says "unknown". */
  status: ComponentsBody | undefined
  health: HealthBody | undefined
  history: HistoryBody | undefined
  /** The shards body (GET /api/v1/health/shards), the one source of shard counts; undefined while no shard has reported. */
  shards?: ShardsBody | undefined
  /** The status file's product name: the status badge's label (default `status`). */
  productName?: string | undefined
}

/** The status badge's words and colour for each page indicator (severity: none < maintenance < minor < major < critical). */
export const INDICATOR_BADGE: Record<Indicator, { message: string, color: string }> = {
  none: { message: 'operational', color: BADGE_COLORS.good },
  maintenance: { message: 'maintenance', color: BADGE_COLORS.maintenance },
  minor: { message: 'minor outage', color: BADGE_COLORS.warning },
  major: { message: 'partial outage', color: BADGE_COLORS.severe },
  critical: { message: 'major outage', color: BADGE_COLORS.bad }
}

/** A component's status badge: its status in the model, one word each. */
export const STATUS_BADGE: Record<ShownStatus, { message: string, color: string }> = {
  operational: { message: 'operational', color: BADGE_COLORS.good },
  under_maintenance: { message: 'maintenance', color: BADGE_COLORS.maintenance },
  degraded_performance: { message: 'degraded performance', color: BADGE_COLORS.warning },
  partial_outage: { message: 'partial outage', color: BADGE_COLORS.severe },
  major_outage: { message: 'major outage', color: BADGE_COLORS.bad },
  unknown: { message: 'unknown', color: BADGE_COLORS.none }
}

/** One component's badges at /status/badges/{component}/{badge}.svg (and .json): its response time and its uptime. */
export const COMPONENT_BADGES = ['response-time', 'uptime-24h', 'uptime-7d', 'uptime-30d', 'uptime-90d'] as const
export type ComponentBadge = typeof COMPONENT_BADGES[number]

/** A declared component's badge: the uptime badges as with `?component=`, the response time its latest latency. */
export function componentBadgeContent (badge: ComponentBadge, component: BadgeComponent, views: BadgeViews): BadgeContent {
  if (badge !== 'response-time') return badgeContent(badge, component, views)
  const label = `${component} response time`
  const shown = views.health === undefined ? undefined : views.status?.components.find((candidate) => candidate.id === component)
  if (shown?.latencyMs == null) return { label, message: 'no data', color: BADGE_COLORS.none }
  // The colour says what the latency means for the component: slow (degraded) is amber, anything worse red.
  const color = shown.status === 'operational' ? BADGE_COLORS.good : shown.status === 'degraded_performance' ? BADGE_COLORS.warning : shown.status === 'under_maintenance' ? BADGE_COLORS.maintenance : BADGE_COLORS.bad
  return { label, message: `${Math.round(shown.latencyMs)} ms`, color }
}

const UPTIME_WINDOW = { 'uptime-24h': '1d', 'uptime-7d': '7d', 'uptime-30d': '30d' } as const

export function badgeContent (badge: Badge, component: BadgeComponent | undefined, views: BadgeViews): BadgeContent {
  if (badge === 'status') return statusBadge(component, views)
  if (badge === 'shards') return shardsBadge(views.shards)
  const label = `${component === undefined ? '' : `${component} `}uptime ${badge.slice('uptime-'.length)}`
  return uptimeBadge(label, uptimePercent(badge, component, views.history))
}

export function badgeSvg (content: BadgeContent): string {
  return renderSvg({ label: content.label, message: content.message, color: content.color, labelColor: LABEL_COLOR })
}

export function shieldsEndpoint (content: BadgeContent): ShieldsEndpointBody {
  return { schemaVersion: 1, label: content.label, message: content.message, color: content.color, cacheSeconds: SHIELDS_CACHE_SECONDS }
}

/** The size of the status badge (/status/badges/status.svg) for a page indicator, or for "unknown" without one. */
export function statusBadgeSize (productName: string | undefined, indicator: Indicator | undefined): { width: number, height: number } {
  return badgeSize(productName ?? 'status', (indicator === undefined ? STATUS_BADGE.unknown : INDICATOR_BADGE[indicator]).message)
}

/** The model's indicator, or the model's status of one component; "unknown" before the first probe round. */
function statusBadge (component: BadgeComponent | undefined, views: BadgeViews): BadgeContent {
  const label = component ?? views.productName ?? 'status'
  if (views.status === undefined || views.health === undefined) return { label, ...STATUS_BADGE.unknown }
  if (component === undefined) return { label, ...INDICATOR_BADGE[views.status.indicator] }
  const shown = views.status.components.find((candidate) => candidate.id === component)?.status ?? 'unknown'
  return { label, ...STATUS_BADGE[shown] }
}

/** Connected of total, as the status page's shards section counts them. */
function shardsBadge (shards: ShardsBody | undefined): BadgeContent {
  if (shards === undefined || shards.total === 0) return { label: 'shards', message: 'no data', color: BADGE_COLORS.none }
  const color = shards.connected === shards.total ? BADGE_COLORS.good : shards.connected === 0 ? BADGE_COLORS.bad : BADGE_COLORS.warning
  return { label: 'shards', message: `${shards.connected}/${shards.total} connected`, color }
}

function uptimeBadge (label: string, percent: number | null): BadgeContent {
  if (percent === null) return { label, message: 'no data', color: BADGE_COLORS.none }
  const color = percent >= 99.9 ? BADGE_COLORS.good : percent >= 99 ? BADGE_COLORS.warning : BADGE_COLORS.bad
  // Truncated, as on the status page: anything short of 100 never shows as 100.
  return { label, message: `${Math.floor(percent * 100) / 100}%`, color }
}

/**
 * 24 h from the minute checks of the last 24 hours (a component counts only minutes it was monitored in); 7 and 30
 * days from the daily figures (overall exactly, a component's days weighted by the day's checks); 90 days as the
 * history reports it. Null without data.
 */
export function uptimePercent (badge: Exclude<Badge, 'status' | 'shards'>, component: BadgeComponent | undefined, history: HistoryBody | undefined): number | null {
  if (history === undefined) return null
  if (badge === 'uptime-90d') return component === undefined ? history.uptime.percent : byId<number | null>(history.uptime.components, component) ?? null
  const { ratio } = uptimeWindow(history, UPTIME_WINDOW[badge], component)
  // Rounded down to 0.001 like every percentage of the history, so a single down minute never shows as 100.
  return ratio === null ? null : Math.floor(ratio * 100_000) / 1000
}
