// GET /status/api/v2/*.json (and /api/v2/*.json with STATUSPAGE_AT_ROOT): the one public status as an Atlassian
// Statuspage v2 page, from memory (docs/en/architecture.md#beyond-the-spec, docs/en/architecture.md#status-model).
import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import type { Config } from '../../config/index.ts'
import type { IncidentsService } from '../../incidents/service.ts'
import type { IncidentsData } from '../../incidents/view.ts'
import type { Clock } from '../../lib/clock.ts'
import { serialize, type Serialized } from '../../lib/serialized.ts'
import type { ComponentsBody } from '../../api/components.ts'
import type { PublicHealthSnapshot, StatusService } from '../../status/service.ts'
import { rebuiltOnChange } from '../../publish/rebuilt.ts'
import { STATUSPAGE_DOCUMENTS, buildStatuspageDocuments, type StatuspageDocument } from '../../publish/statuspage-copy.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import {
  StatuspageComponentsBody, StatuspageIncidentsBody, StatuspageScheduledMaintenancesBody, StatuspageStatusBody, StatuspageSummaryBody
} from '../../api/statuspage-copy.ts'
import { baseUrlFor, baseUrlOfRaw } from '../base-url.ts'
import { cacheControl } from '../headers.ts'
import { sendSerialized } from '../send.ts'

export interface StatuspageRouteOptions {
  config: Config
  status: StatusService
  incidents: IncidentsService
  clock: Clock
}

const DOCUMENTED: Record<StatuspageDocument, { summary: string, description: string, schema: TSchema }> = {
  'summary.json': {
    summary: 'Statuspage v2 summary: page, components, unresolved incidents, upcoming and active maintenance, status',
    description: 'What a Statuspage client reads first. Point it at the page URL `{base_url}/status`.',
    schema: StatuspageSummaryBody
  },
  'status.json': { summary: 'Statuspage v2 status: the indicator and its description', description: 'The page and `status` only.', schema: StatuspageStatusBody },
  'components.json': { summary: 'Statuspage v2 components: every declared component and group, in page order', description: 'Groups are components with `group: true` and their members\' ids; a component whose status is `unknown` is left out.', schema: StatuspageComponentsBody },
  'incidents.json': { summary: 'Statuspage v2 incidents: the 50 most recent, with their updates', description: 'Newest first, resolved ones included (the last 90 days).', schema: StatuspageIncidentsBody },
  'incidents/unresolved.json': { summary: 'Statuspage v2 unresolved incidents', description: 'Incidents investigating, identified or monitoring.', schema: StatuspageIncidentsBody },
  'scheduled-maintenances.json': { summary: 'Statuspage v2 scheduled maintenances: the 50 most recent', description: 'Latest start first; completed ones of the last 90 days included.', schema: StatuspageScheduledMaintenancesBody },
  'scheduled-maintenances/upcoming.json': { summary: 'Statuspage v2 upcoming maintenances', description: 'Windows not started yet, soonest first.', schema: StatuspageScheduledMaintenancesBody },
  'scheduled-maintenances/active.json': { summary: 'Statuspage v2 active maintenances', description: 'Windows in progress.', schema: StatuspageScheduledMaintenancesBody }
}

export default async function statuspageRoutes (app: FastifyInstance, options: StatuspageRouteOptions): Promise<void> {
  const { config, status, incidents, clock } = options
  // All eight documents are built together, again only when the public status, the health snapshot or the incidents change.
  const documents = rebuiltOnChange((baseUrl, [snapshot, rows, , current]: readonly [PublicHealthSnapshot, IncidentsData, unknown, Serialized<ComponentsBody>]) => {
    const built = buildStatuspageDocuments({
      baseUrl, germanPrefix: config.germanPrefix, status: current.value, health: snapshot.value, rows, now: clock.now(), productName: config.status.product.name
    })
    return Object.fromEntries(STATUSPAGE_DOCUMENTS.map((name) => [name, serialize(built[name])])) as Record<StatuspageDocument, Serialized<unknown>>
  })

  // The page URL is {base_url}/status; STATUSPAGE_AT_ROOT serves the same documents at the origin's root as well.
  const pages = config.statuspageAtRoot ? ['/status', ''] : ['/status']
  /** The document `name` on `baseUrl` as it is now; undefined until the status and the incidents are known. */
  const documentNow = (name: StatuspageDocument, baseUrl: string): Serialized<unknown> | undefined => {
    const snapshot = status.health()
    const rows = incidents.rows()
    if (snapshot === undefined || rows === undefined) return undefined
    return documents(baseUrl, [snapshot, rows, incidents.serialized(), status.current()])[name]
  }

  for (const name of STATUSPAGE_DOCUMENTS) for (const page of pages) {
    const { summary, description, schema } = DOCUMENTED[name]
    app.get(`${page}/api/v2/${name}`, {
      config: {
        cacheControl: cacheControl.health,
        edgeKeys: ['status', 'incidents'],
        prepared: (raw) => {
          const baseUrl = baseUrlOfRaw(raw, config)
          return baseUrl === undefined ? undefined : documentNow(name, baseUrl)
        }
      },
      schema: {
        summary,
        description: `${description} Atlassian Statuspage v2 field names and enums; the components, groups and indicator are ` +
          'those of GET /api/v1/health/components, and the incidents those in memory.' +
          (page === '' ? ' The same document as under /status, served at the root because STATUSPAGE_AT_ROOT is on.' : ''),
        tags: ['statuspage'],
        response: {
          200: jsonResponse('The Statuspage v2 document.', schema),
          ...problemResponses({ 503: 'The first health check has not finished, or incidents have not been read yet, since start.' })
        }
      }
    }, (request, reply) => {
      const document = documentNow(name, baseUrlFor(reply, config))
      if (document === undefined) throw problems.notReady('The status is not known yet. Try again in a few seconds.')
      return sendSerialized(reply, document)
    })
  }
}
