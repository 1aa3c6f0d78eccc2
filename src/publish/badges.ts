// Status, uptime and shards badges: the words and colour from the health snapshot and the history, rendered as SVG the
// way Shields renders (./badge-svg.ts: text measured, `<title>` and `aria-label` for screen readers) or as Shields
// endpoint JSON. Pure: the views in, the badge out.
import type { HealthBody, HistoryBody } from '../api/health.ts'
import type { ShieldsEndpointBody } from '../api/badges.ts'
import { badgeSvg as renderSvg } from './badge-svg.ts'
import { uptimeWindow } from './uptime-windows.ts'

export const BADGES = ['status', 'uptime-24h', 'uptime-7d', 'uptime-30d', 'uptime-90d', 'shards'] as const
export type Badge = typeof BADGES[number]
export const BADGE_COMPONENTS = ['database', 'cache', 'bot'] as const
export type BadgeComponent = typeof BADGE_COMPONENTS[number]

/**
 * Message backgrounds, each dark enough for the badge's white text to reach a WCAG contrast of 4.5:1 or more
 * (the test measures it); the label's background is LABEL_COLOR.
 */
export const BADGE_COLORS = { good: '1a7f37', warning: '9a6700', bad: 'cf222e', maintenance: '0969da', none: '6e7781' } as const
export const LABEL_COLOR = '555555'
/** Shields ignores anything shorter for endpoint badges. */
const SHIELDS_CACHE_SECONDS = 300

export interface BadgeContent {
  label: string
  message: string
  color: string
}

export interface BadgeViews {
  health: HealthBody | undefined
  history: HistoryBody | undefined
}

const COMPONENT_LABELS: Record<BadgeComponent, string> = { database: 'database', cache: 'cache', bot: 'bot' }
const UPTIME_WINDOW = { 'uptime-24h': '1d', 'uptime-7d': '7d', 'uptime-30d': '30d' } as const

export function badgeContent (badge: Badge, component: BadgeComponent | undefined, views: BadgeViews): BadgeContent {
  if (badge === 'status') return statusBadge(component, views.health)
  if (badge === 'shards') return shardsBadge(views.health)
  const label = `${component === undefined ? '' : `${COMPONENT_LABELS[component]} `}uptime ${badge.slice('uptime-'.length)}`
  return uptimeBadge(label, uptimePercent(badge, component, views.history))
}

export function badgeSvg (content: BadgeContent): string {
  return renderSvg({ label: content.label, message: content.message, color: content.color, labelColor: LABEL_COLOR })
}

export function shieldsEndpoint (content: BadgeContent): ShieldsEndpointBody {
  return { schemaVersion: 1, label: content.label, message: content.message, color: content.color, cacheSeconds: SHIELDS_CACHE_SECONDS }
}

function statusBadge (component: BadgeComponent | undefined, health: HealthBody | undefined): BadgeContent {
  const label = component === undefined ? 'status' : COMPONENT_LABELS[component]
  if (health === undefined) return { label, message: 'unknown', color: BADGE_COLORS.none }
  // An active maintenance window explains whatever else is shown, as on the status page.
  if (health.maintenance) return { label, message: 'maintenance', color: BADGE_COLORS.maintenance }
  const status = component === undefined ? health.status : health.components[component].status
  switch (status) {
    case 'ok': return { label, message: 'operational', color: BADGE_COLORS.good }
    case 'degraded': return { label, message: 'degraded', color: BADGE_COLORS.warning }
    case 'down': return { label, message: component === undefined ? 'major outage' : 'down', color: BADGE_COLORS.bad }
    default: return { label, message: 'not monitored', color: BADGE_COLORS.none }
  }
}

function shardsBadge (health: HealthBody | undefined): BadgeContent {
  const shards = health?.components.bot.shards ?? null
  if (shards === null || shards.total === 0) return { label: 'shards', message: 'no data', color: BADGE_COLORS.none }
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
  if (badge === 'uptime-90d') return component === undefined ? history.uptime.percent : history.uptime.components[component]
  const { ratio } = uptimeWindow(history, UPTIME_WINDOW[badge], component)
  // Rounded down to 0.001 like every percentage of the history, so a single down minute never shows as 100.
  return ratio === null ? null : Math.floor(ratio * 100_000) / 1000
}
