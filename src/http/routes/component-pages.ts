// GET /status/components/{id} (and under the German prefix): one declared component's page, from memory (the model,
// its history, the incidents); each page rendered once per state it shows. An undeclared id is the site's 404.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/index.ts'
import type { Incident } from '../../api/incidents.ts'
import type { ComponentHistory } from '../../api/health.ts'
import type { IncidentsService } from '../../incidents/service.ts'
import { incidentBody } from '../../incidents/view.ts'
import { incidentIn, textsIn } from '../../incidents/texts.ts'
import type { HistoryService } from '../../monitor/history-service.ts'
import type { StatusService } from '../../status/service.ts'
import { encodeOnce, type Serialized } from '../../lib/serialized.ts'
import { problems } from '../../api/problems.ts'
import { localPath } from '../../view/status-links.js'
import { OPEN_SHOWN, incidentsInLanguage } from '../../view/status-view.js'
import { renderComponentPage, type NamingWindow } from '../../site/component-page.ts'
import { cacheControl } from '../headers.ts'
import { sendPage, sendSerialized } from '../send.ts'
import { latencySparklineImage } from '../../view/status-sparkline.js'
import { baseUrlFor } from '../base-url.ts'
import type { UptimeService } from '../../monitor/uptime-service.ts'
import type { UptimeData } from '../../monitor/uptime-data.ts'
import { dateOfDay, dayOfMinute, minuteOf } from '../../lib/minutes.ts'

export interface ComponentPageOptions {
  config: Config
  status: StatusService
  history: Pick<HistoryService, 'component'>
  incidents: IncidentsService
  /** The uptime figures: the page's windows are the uptime body's (none without it). */
  uptime?: Pick<UptimeService, 'data' | 'parse' | 'body'>
  germanPrefix: string
  notice?: string
}

/** The windows of a component's page, in days ending today. */
const UPTIME_WINDOWS = [7, 30, 90]

/** What one rendered page was made from, compared by identity: each service hands out the same object until it changes. */
interface Rendered {
  model: unknown
  history: ComponentHistory | null
  incidents: unknown
  uptime: UptimeData | undefined
  page: Serialized<string>
}

export default async function componentPageRoutes (app: FastifyInstance, options: ComponentPageOptions): Promise<void> {
  const { config, status, history, incidents, germanPrefix, notice } = options
  const product = config.status.product
  // One entry per declared component and language at most: an id is looked up in the model before it is kept.
  const rendered = new Map<string, Rendered>()

  for (const lang of config.languages) {
    app.get<{ Params: { id: string } }>(localPath(lang, '/status/components/:id', germanPrefix), {
      config: { cacheControl: cacheControl.incidents, edgeKeys: ['status', 'component-:id', 'incidents', 'history'] }
    }, async (request, reply) => {
      const { id } = request.params
      const model = status.current()
      const component = model.value.components.find((candidate) => candidate.id === id)
      if (component === undefined) throw problems.notFound()
      // Without a database since start there is no history yet: the page still shows the model, and says so.
      let componentHistory: ComponentHistory | null = null
      try {
        componentHistory = await history.component(id) ?? null
      } catch (error) {
        request.log.warn({ err: error }, 'component page: the history is not available')
      }
      let uptimeData: UptimeData | undefined
      try {
        uptimeData = await options.uptime?.data()
      } catch (error) {
        request.log.warn({ err: error }, 'component page: the uptime figures are not available')
      }
      const incidentsBody = incidents.body()
      const key = `${lang} ${id}`
      let entry = rendered.get(key)
      if (entry === undefined || entry.model !== model || entry.history !== componentHistory || entry.incidents !== incidentsBody || entry.uptime !== uptimeData) {
        // The newest OPEN_SHOWN the model names, from the list's open ones (newest first); the page links to the rest.
        const named = new Set(component.incidents)
        const { rows, open } = incidents.listed()
        const naming: Incident[] = []
        for (let i = 0; i < open && naming.length < OPEN_SHOWN && named.size > 0; i++) if (named.has(rows[i]!.id)) naming.push(incidentIn(incidentBody(rows[i]!), rows[i]!.texts, lang))
        const windows: NamingWindow[] = component.maintenance.flatMap((windowId) => {
          const found = incidents.maintenance(windowId)
          return found === undefined ? [] : [{ id: windowId, title: found.row.title, startsAt: found.row.starts_at, endsAt: found.row.ends_at }]
        })
        const group = component.group === null ? undefined : model.value.groups.find((candidate) => candidate.id === component.group)
        const uptime = options.uptime
        const uptimeWindows = uptime === undefined || uptimeData === undefined ? [] : UPTIME_WINDOWS.map((days) => {
          const data = uptimeData!
          const today = dayOfMinute(minuteOf(data.now))
          const window = { from: dateOfDay(Math.max(today - days + 1, data.firstDay)), to: dateOfDay(today), component: id, by: 'month' }
          try {
            return { days, percent: uptime.body(data, uptime.parse(data, window)).value.components[0]?.uptimePercent ?? null }
          } catch {
            return { days, percent: null } // a component the uptime figures do not count
          }
        })
        const html = renderComponentPage({
          lang, languages: config.languages, germanPrefix, product, notice, component, group, history: componentHistory, incidents: naming, windows, uptimeWindows,
          incidentsBody: incidentsInLanguage(incidentsBody, textsIn(incidents.texts(), lang))
        })
        entry = { model, history: componentHistory, incidents: incidentsBody, uptime: uptimeData, page: encodeOnce(html, html) }
        rendered.set(key, entry)
      }
      return sendPage(reply, entry.page, baseUrlFor(reply, config))
    })
  }

  // The sparkline of a component card on the status page, as an image (both languages load the same one).
  const images = new Map<string, { history: ComponentHistory | null, image: Serialized<string> }>()
  app.get<{ Params: { id: string } }>('/status/components/:id/latency.svg', {
    config: { cacheControl: cacheControl.history, edgeKeys: ['history', 'component-:id'] }
  }, async (request, reply) => {
    const { id } = request.params
    if (!status.current().value.components.some((candidate) => candidate.id === id)) throw problems.notFound()
    let componentHistory: ComponentHistory | null = null
    try {
      componentHistory = await history.component(id) ?? null
    } catch {
      // No history yet: an empty image; the card's words still say the latest response time.
    }
    let entry = images.get(id)
    if (entry === undefined || entry.history !== componentHistory) {
      const svg = latencySparklineImage(componentHistory)
      entry = { history: componentHistory, image: encodeOnce(svg, svg) }
      images.set(id, entry)
    }
    return sendSerialized(reply, entry.image, { type: 'image/svg+xml; charset=utf-8' })
  })
}
