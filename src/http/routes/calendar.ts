// GET /status/maintenance.ics and its twin in every served page language (LANGUAGES): the planned and active maintenance windows as an iCalendar, from memory.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/index.ts'
import type { IncidentsService } from '../../incidents/service.ts'
import type { IncidentsData } from '../../incidents/view.ts'
import type { Clock } from '../../lib/clock.ts'
import { encodeOnce } from '../../lib/serialized.ts'
import type { StatusService } from '../../status/service.ts'
import { CALENDAR_TYPE, calendarPath, maintenanceCalendar } from '../../publish/maintenance-calendar.ts'
import { rebuiltOnChange } from '../../publish/rebuilt.ts'
import { problems } from '../../api/problems.ts'
import { baseUrlFor } from '../base-url.ts'
import { cacheControl } from '../headers.ts'
import { sendSerialized } from '../send.ts'

export interface CalendarRouteOptions {
  config: Config
  incidents: IncidentsService
  clock: Clock
  /** The one public status: a window's components are named by its names. */
  status: StatusService
}

export default async function calendarRoutes (app: FastifyInstance, options: CalendarRouteOptions): Promise<void> {
  const { config, incidents, clock, status } = options
  for (const lang of config.languages) {
    // The incidents body changes when the rows do and when a window starts or ends: exactly when the calendar can.
    const calendar = rebuiltOnChange((baseUrl, [rows]: readonly [IncidentsData, unknown]) => {
      const text = maintenanceCalendar({
        baseUrl, germanPrefix: config.germanPrefix, lang, maintenances: rows.maintenances, series: rows.series, now: clock.now(),
        components: status.current().value.components, productName: config.status.product.name
      })
      return encodeOnce(text, text)
    })
    app.get(calendarPath(lang, config.germanPrefix), { config: { cacheControl: cacheControl.feed, edgeKeys: ['incidents'] } }, async (request, reply) => {
      const rows = incidents.rows()
      if (rows === undefined) throw problems.notReady('Maintenance windows have not been read from the database yet.')
      // iCalendar has no language of its own beyond each text's: the header says it.
      return sendSerialized(reply.header('content-language', lang), calendar(baseUrlFor(reply, config), [rows, incidents.serialized()]), { type: CALENDAR_TYPE })
    })
  }
}
