// The read-only tools the MCP server offers: what each asks the status API, its output schema (from src/api/), and
// the text an agent can quote. Each returns the API's body unchanged as structured content.
import type { TSchema } from 'typebox'
import { z } from 'zod'
import { ComponentsBody } from '../api/components.ts'
import type { HealthBody, HistoryBody } from '../api/health.ts'
import { IncidentsBody } from '../api/incidents.ts'
import { PlatformStatusBody } from '../api/platform-status.ts'
import { SearchBody } from '../api/search.ts'
import { ShardLookupBody, type ShardsBody } from '../api/shards.ts'
import { guildIdFromInput } from '../bot/guild-shard.ts'
import { UPTIME_WINDOWS, uptimeWindow } from '../publish/uptime-windows.ts'
import { plural } from '../view/status-plural.js'
import { ApiProblem, type StatusApi } from './api-client.ts'
import { UptimeWindowBody } from './schemas.ts'

export interface ToolResult { structured: Record<string, unknown>, text: string }

export interface ToolDefinition {
  name: string
  title: string
  description: string
  input: z.ZodRawShape
  output: TSchema
  run (api: StatusApi, args: Record<string, unknown>): Promise<ToolResult>
}


/**
 * get_status's text: the indicator, then each component (groups first, their members indented), then the measured health
 * with the shard counts of the shards body (as the status page counts them; undefined while no shard has reported).
 */
export function statusText (body: ComponentsBody, health: HealthBody | undefined, shards: ShardsBody | undefined): string {
  const line = (component: ComponentsBody['components'][number], indent: string) => {
    const notes = [
      ...(component.message === null ? [] : [component.message]),
      ...(component.incidents.length === 0 ? [] : [`incidents ${component.incidents.map((id) => `#${id}`).join(', ')}`]),
      ...(component.maintenance.length === 0 ? [] : [`maintenance ${component.maintenance.map((id) => `#${id}`).join(', ')}`])
    ]
    return `${indent}- ${component.name.en} (${component.id}): ${component.status}${ms(component.latencyMs)}${notes.length === 0 ? '' : `; ${notes.join('; ')}`}`
  }
  const lines = [`Status: ${body.description} (indicator: ${body.indicator}).`]
  const groupsDone = new Set<string>()
  for (const component of body.components) {
    const group = component.group === null ? undefined : body.groups.find((candidate) => candidate.id === component.group)
    if (group === undefined) {
      lines.push(line(component, ''))
    } else if (!groupsDone.has(group.id)) {
      groupsDone.add(group.id)
      lines.push(`- ${group.name.en} (group ${group.id}): ${group.status}`)
      for (const member of body.components.filter((candidate) => candidate.group === group.id)) lines.push(line(member, '  '))
    }
  }
  if (health !== undefined) {
    lines.push(`Measured health: ${health.status}${shards === undefined ? '' : `, ${shards.connected} of ${shards.total} shards connected`}; ` +
      `checked at ${health.checkedAt}; version ${health.version}.`)
  }
  lines.push(`As of ${body.updatedAt}.`)
  return lines.join('\n')
}

const percentText = (value: number | null) => value === null ? 'no data' : `${value.toFixed(3).replace(/\.?0+$/, '')} %`
const ms = (value: number | null) => value === null ? '' : ` (${value} ms)`

export const tools: ToolDefinition[] = [
  {
    name: 'get_status',
    title: 'Current status',
    description: 'What the status page says right now: the page indicator (none, minor, major, critical, maintenance) in ' +
      'words, and each component\'s status (operational, degraded_performance, partial_outage, major_outage, ' +
      'under_maintenance, unknown) with its group, message, response time and the incidents and maintenance naming it; ' +
      'the text adds the measured health (overall status, shards, version).',
    input: {},
    output: ComponentsBody,
    async run (api) {
      const body = await api.get('/api/v1/health/components') as ComponentsBody
      // The measured health and the shards only add to the text; the status itself is the body above, unchanged.
      const [health, shards] = await Promise.all([
        api.health().catch(() => undefined) as Promise<HealthBody | undefined>,
        api.get('/api/v1/health/shards').catch(() => undefined) as Promise<ShardsBody | undefined>
      ])
      return { structured: body, text: statusText(body, health, shards) }
    }
  },
  {
    name: 'get_uptime',
    title: 'Uptime over a window',
    description: 'The share of minute checks that were up (ok or degraded) over the last 24 hours (1d) or the last 7, 30 ' +
      'or 90 days, with the number of checks recorded and, for 7d/30d/90d, the figures of each day.',
    input: { window: z.enum(UPTIME_WINDOWS).default('90d').describe('1d (last 24 hours), 7d, 30d or 90d.') },
    output: UptimeWindowBody,
    async run (api, args) {
      const window = args.window as typeof UPTIME_WINDOWS[number]
      const history = await api.get('/api/v1/health/history') as HistoryBody
      const figures = uptimeWindow(history, window)
      const days = window === '1d' ? [] : history.uptime.daily.slice(-Number.parseInt(window, 10))
      const percent = figures.ratio === null ? null : Math.floor(figures.ratio * 100_000) / 1000
      const structured: UptimeWindowBody = { window, percent, checks: figures.checks, expectedChecks: figures.expectedChecks, generatedAt: history.generatedAt, days }
      const worst = days.filter((day) => day.status === 'down').map((day) => `${day.date} (${percentText(day.percent)})`)
      const text = [
        `Uptime over ${window === '1d' ? 'the last 24 hours' : `the last ${days.length} ${plural(days.length, 'day', 'days')}`}: ${percentText(percent)} ` +
          `(${figures.checks} of ${figures.expectedChecks} minutes recorded).`,
        ...(worst.length === 0 ? [] : [`Days with downtime: ${worst.join(', ')}.`]),
        `As of ${history.generatedAt}.`
      ]
      return { structured, text: text.join('\n') }
    }
  },
  {
    name: 'get_incidents',
    title: 'Incidents and maintenance',
    description: 'The active maintenance window, upcoming maintenance, active incidents and those resolved in the last 90 ' +
      'days, each with all its updates, newest first, and when a resolved one has a post-mortem, where to read it.',
    input: {},
    output: IncidentsBody,
    async run (api) {
      const body = await api.get('/api/v1/health/incidents') as IncidentsBody
      const active = body.incidents.filter((incident) => incident.resolvedAt === null)
      const resolved = body.incidents.filter((incident) => incident.resolvedAt !== null)
      const describe = (incident: IncidentsBody['incidents'][number]) => {
        const latest = incident.updates[0]
        // The post-mortem's text is on the incident's page; its Markdown twin is what an agent reads.
        const postmortem = incident.postmortem === undefined ? '' :
          ` Post-mortem published ${incident.postmortem.publishedAt}${incident.postmortem.updatedAt === incident.postmortem.publishedAt ? '' : ` (updated ${incident.postmortem.updatedAt})`}: ` +
          new URL(`${incident.postmortem.url.split('#')[0]}.md`, api.baseUrl).href
        return `- "${incident.title}" (${incident.impact} impact, ${incident.status}, started ${incident.startedAt}` +
          `${incident.resolvedAt === null ? '' : `, resolved ${incident.resolvedAt}`})${latest === undefined ? '' : `: ${latest.message}`}${postmortem}`
      }
      const lines = [
        body.maintenance === null ? 'No maintenance window is active.' : `Maintenance active: "${body.maintenance.title}" until ${body.maintenance.endsAt}: ${body.maintenance.message}`,
        ...body.upcomingMaintenance.map((m) => `Upcoming maintenance: "${m.title}" from ${m.startsAt} until ${m.endsAt}.`),
        active.length === 0 ? 'No active incidents.' : `Active incidents (${active.length}):`,
        ...active.map(describe),
        resolved.length === 0 ? 'No incidents resolved in the last 90 days.' : `Resolved in the last 90 days (${resolved.length}, newest first):`,
        ...resolved.slice(0, 10).map(describe)
      ]
      return { structured: body, text: lines.join('\n') }
    }
  },
  {
    name: 'get_platform_status',
    title: 'Discord\'s own status',
    description: 'The status of the chat platform (Discord) itself, from its status page: the indicator (none, minor, ' +
      'major, critical, maintenance), components that are not operational and open incidents. Checked at most once a minute.',
    input: {},
    output: PlatformStatusBody,
    async run (api) {
      const body = await api.get('/api/v1/health/discord') as PlatformStatusBody
      const troubled = body.components.filter((c) => c.status !== 'operational')
      const lines = [
        `Discord: ${body.description} (indicator: ${body.indicator}).${body.stale ? ' This is the last known status: the latest fetch failed.' : ''}`,
        troubled.length === 0 ? 'All Discord components are operational.' : `Not operational: ${troubled.map((c) => `${c.name} (${c.status})`).join(', ')}.`,
        ...body.incidents.map((incident) => `- Open incident: "${incident.name}" (${incident.impact}, ${incident.status}, updated ${incident.updatedAt})${incident.url === null ? '' : ` ${incident.url}`}`),
        `Fetched ${body.fetchedAt}; Discord status page: ${body.pageUrl}`
      ]
      return { structured: body, text: lines.join('\n') }
    }
  },
  {
    name: 'find_shard',
    title: 'Which shard serves a server',
    description: 'Whether the bot\'s shard for one Discord server is connected: give the server ID (17–20 digits) or a ' +
      'message link from that server (https://discord.com/channels/<server>/<channel>/<message>).',
    input: { server: z.string().min(1).max(300).describe('A Discord server (guild) ID, or a message link from that server.') },
    output: ShardLookupBody,
    async run (api, args) {
      const guildId = guildIdFromInput(String(args.server))
      if (guildId === undefined) {
        throw new ApiProblem(400, 'Give a server ID (17–20 digits) or a message link such as https://discord.com/channels/<server>/<channel>/<message>.')
      }
      const body = await api.get('/api/v1/health/shards/{guildId}', { guildId }) as ShardLookupBody
      const text = `Server ${body.guildId} is served by shard ${body.shard} (cluster ${body.cluster}), which is ` +
        `${body.connected ? 'connected' : 'NOT connected'} (status: ${body.status}).`
      return { structured: body, text }
    }
  },
  {
    name: 'search_docs',
    title: 'Search the documentation',
    description: 'Full-text search over the service\'s documentation in English (en) or German (de): section-level results ' +
      'with title, section, link and an excerpt, best first.',
    input: {
      query: z.string().min(1).max(200).describe('What to look for.'),
      locale: z.enum(['en', 'de']).default('en').describe('en (English) or de (German).'),
      limit: z.number().int().min(1).max(50).default(5).describe('How many results at most (1–50).')
    },
    output: SearchBody,
    async run (api, args) {
      const locale = args.locale as 'en' | 'de'
      const prefix = locale === 'de' ? await api.germanPrefix() : ''
      if (prefix === undefined) throw new ApiProblem(404, 'This status API has no German documentation search.')
      const body = await api.get(`${prefix}/docs/api/search`, {}, { q: String(args.query), limit: String(args.limit) }) as SearchBody
      const lines = body.results.length === 0
        ? [`No documentation matches "${body.query}".`]
        : body.results.map((r, i) => `${i + 1}. ${r.title}${r.section === null ? '' : ` — ${r.section}`}: ${r.excerpt} (${new URL(r.url, api.baseUrl).href})`)
      return { structured: body, text: lines.join('\n') }
    }
  }
]
