// GET /status/incidents/{id} and /status/maintenance/{id} (and under the German prefix): one incident or maintenance
// window with all its updates, from the incidents service's memory; each page rendered once per state it shows.
import type { FastifyInstance } from 'fastify'
import type { IncidentsService } from '../../incidents/service.ts'
import { encodeOnce, type Serialized } from '../../lib/serialized.ts'
import { problems } from '../../api/problems.ts'
import { localPath } from '../../view/status-links.js'
import { renderIncidentPage, renderMaintenancePage } from '../../site/incident-page.ts'
import { cacheControl } from '../headers.ts'
import { sendPage } from '../send.ts'
import { baseUrlFor } from '../base-url.ts'
import type { Config } from '../../config/index.ts'

export interface IncidentPageOptions {
  config: Config
  incidents: IncidentsService
  germanPrefix: string
  notice?: string
}

/** A positive id in decimal, as the incidents table generates them; anything else is no page. */
function idOf (text: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(id)) throw problems.notFound()
  return id
}

/** Pages keyed by the object they were rendered from (replaced by the service when anything in it changes). */
function pageCache<K extends object> () {
  const pages = new WeakMap<K, Map<string, Serialized<string>>>()
  return (source: K, key: string, render: () => string): Serialized<string> => {
    let byKey = pages.get(source)
    if (byKey === undefined) pages.set(source, byKey = new Map())
    let page = byKey.get(key)
    if (page === undefined) {
      const html = render()
      byKey.set(key, page = encodeOnce(html, html))
    }
    return page
  }
}

export default async function incidentPageRoutes (app: FastifyInstance, options: IncidentPageOptions): Promise<void> {
  const { incidents, germanPrefix, notice, config } = options
  const product = config.status.product
  const declaration = config.status
  const incidentPages = pageCache<object>()
  const maintenancePages = pageCache<object>()
  const incidentConfig = { cacheControl: cacheControl.incidents, edgeKeys: ['incidents', 'incident-:id'] }
  const maintenanceConfig = { cacheControl: cacheControl.incidents, edgeKeys: ['incidents'] }

  for (const lang of config.languages) {
    app.get<{ Params: { id: string } }>(localPath(lang, '/status/incidents/:id', germanPrefix), { config: incidentConfig }, async (request, reply) => {
      const incident = incidents.incident(idOf(request.params.id), lang)
      if (incident === undefined) throw problems.notFound()
      return sendPage(reply, incidentPages(incident, lang, () => renderIncidentPage({ lang, languages: config.languages, germanPrefix, product, notice, incident, declaration })), baseUrlFor(reply, config))
    })

    app.get<{ Params: { id: string } }>(localPath(lang, '/status/maintenance/:id', germanPrefix), { config: maintenanceConfig }, async (request, reply) => {
      const found = incidents.maintenance(idOf(request.params.id))
      if (found === undefined) throw problems.notFound()
      const { row, state } = found
      return sendPage(reply, maintenancePages(row, `${lang}/${state}`, () => renderMaintenancePage({ lang, languages: config.languages, germanPrefix, product, notice, row, state, declaration })), baseUrlFor(reply, config))
    })
  }
}
