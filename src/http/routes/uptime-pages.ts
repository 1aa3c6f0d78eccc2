// GET /status/uptime?month=YYYY-MM (every served language): the uptime calendar, from the uptime service's memory and its
// bodies (the same figures as GET /api/v1/health/uptime); each page rendered once per language, month and data.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/index.ts'
import type { UptimeService } from '../../monitor/uptime-service.ts'
import type { UptimeData } from '../../monitor/uptime-data.ts'
import { dateOfDay, dayOfMinute, minuteOf } from '../../lib/minutes.ts'
import { encodeOnce, type Serialized } from '../../lib/serialized.ts'
import { problems } from '../../api/problems.ts'
import { localPath } from '../../view/status-links.js'
import { renderUptimePage } from '../../site/uptime-page.ts'
import { cacheControl } from '../headers.ts'
import { sendPage } from '../send.ts'
import { baseUrlFor } from '../base-url.ts'

export interface UptimePageRouteOptions {
  config: Config
  uptime: Pick<UptimeService, 'data' | 'parse' | 'body'>
  germanPrefix: string
  notice?: string
}

/** Months on one page. */
const SHOWN = 3
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** A month YYYY-MM as a count of months since year 0, and back. */
const monthIndex = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1
const monthText = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String(index % 12 + 1).padStart(2, '0')}`
const firstDayOf = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1) / 86_400_000

export default async function uptimePageRoutes (app: FastifyInstance, options: UptimePageRouteOptions): Promise<void> {
  const { config, uptime, germanPrefix, notice } = options
  const product = config.status.product
  // Pages made from one data (read at most once a minute): dropped together when it changes.
  let pagesOf: UptimeData | undefined
  let pages = new Map<string, Serialized<string>>()

  for (const lang of config.languages) {
    app.get<{ Querystring: { month?: unknown } }>(localPath(lang, '/status/uptime', germanPrefix), {
      config: { cacheControl: cacheControl.history, edgeKeys: ['history'] }
    }, async (request, reply) => {
      const raw = request.query.month
      if (raw !== undefined && (typeof raw !== 'string' || !MONTH.test(raw))) {
        throw problems.invalidRequest('month: must be a calendar month YYYY-MM (UTC)')
      }
      let data: UptimeData
      try {
        data = await uptime.data()
      } catch {
        throw problems.notReady('The uptime figures are not available yet because the database does not answer.')
      }
      const today = dayOfMinute(minuteOf(data.now))
      const current = monthIndex(dateOfDay(today))
      const last = raw === undefined ? current : monthIndex(raw)
      const fromDay = Math.max(firstDayOf(last - SHOWN + 1), data.firstDay)
      const toDay = Math.min(firstDayOf(last + 1) - 1, today)
      // A month after this one or before the first day kept: a page that is not there.
      if (last > current || fromDay > toDay) throw problems.notFound()
      if (pagesOf !== data) {
        pagesOf = data
        pages = new Map()
      }
      const key = `${lang} ${last}`
      let page = pages.get(key)
      if (page === undefined) {
        const window = { from: dateOfDay(fromDay), to: dateOfDay(toDay) }
        const months = uptime.body(data, uptime.parse(data, { ...window, by: 'month' })).value
        const days = uptime.body(data, uptime.parse(data, { ...window, by: 'day' })).value
        const names = new Map(config.status.components.map((component) => [component.id, component.name[lang]]))
        const earlier = firstDayOf(last - SHOWN + 1) - 1 >= data.firstDay ? monthText(last - SHOWN) : undefined
        const later = last < current ? monthText(Math.min(last + SHOWN, current)) : undefined
        const html = renderUptimePage({ lang, languages: config.languages, germanPrefix, product, notice, months, days, names, month: monthText(last), earlier, later })
        page = encodeOnce(html, html)
        pages.set(key, page)
      }
      return sendPage(reply, page, baseUrlFor(reply, config))
    })
  }
}
