// The status page's words in every shipped language (src/locales/), shaped for the view; shared by the server renderer and the refresh script.
import { WORDS, message } from './locale-words.js'

/** The same words without one key. */
function without (words, key) {
  return Object.fromEntries(Object.entries(words).filter(([name]) => name !== key))
}

/**
 * The status view's words in one language, from its locale file's `page` section: plain words as they are, and a
 * function for each message with placeholders, so the view calls `text.shards(3, 4)` in any language.
 */
function textOf (tag) {
  const words = WORDS[tag].page
  const m = (key, params) => message(tag, words[key], params)
  return {
    ...words,
    dateLocale: WORDS[tag].locale,
    lang: tag,
    overallPartly: (n) => m('overallPartly', { count: n }),
    notReported: (n) => m('notReported', { count: n }),
    pageTitle: (name) => name === undefined ? words.pageTitle : m('pageTitleNamed', { name }),
    incidentNumber: (id) => m('incidentNumber', { id }),
    moreIncidents: (n) => m('moreIncidents', { count: n }),
    moreOpenIncidents: (n) => m('moreOpenIncidents', { count: n }),
    maintenanceNumber: (id) => m('maintenanceNumber', { id }),
    shards: (connected, total) => m('shards', { connected, total }),
    clusterLabel: (id) => m('clusterLabel', { id }),
    shardsGrouped: (total) => m('shardsGrouped', { total }),
    shardsMoreTrouble: (n) => m('shardsMoreTrouble', { count: n }),
    finderAnswer: (guild, shard, cluster, state, connected) => m(connected ? 'finderConnected' : 'finderNotConnected', { guild, shard, cluster, state }),
    maintenanceWindow: (from, to) => m('maintenanceWindow', { from, to }),
    /** Discord's own indicator borrows the headline's words, without `maintenance`: for that one Discord's own description shows. */
    platformIndicator: without(words.overall, 'maintenance'),
    platformStatus: without(words.componentStatus, 'unknown'),
    platformFetched: (fetched, updated) => m('platformFetched', { fetched, updated }),
    platformStale: (fetched) => m('platformStale', { fetched }),
    uptimeSummary: (percent) => m('uptimeSummary', { percent }),
    uptimeDay: (date, percent) => percent === null ? m('uptimeDayNoData', { date }) : m('uptimeDay', { date, percent }),
    uptimeRange: (from, to) => m('uptimeRange', { from, to }),
    uptimeWindowDays: (days) => m('uptimeWindowDays', { days }),
    uptimeHeadingDays: (days) => m('uptimeHeadingDays', { days }),
    minutesDown: (minutes) => minutes < 120 ? m('minutesDown', { minutes }) : m('hoursMinutesDown', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }),
    componentPageDescription: (name, product) => product === undefined ? m('componentPageDescription', { name }) : m('componentPageDescriptionProduct', { name, product }),
    componentLink: (name) => m('componentLink', { name }),
    latencySummary: (median, highest, count) => m('latencySummary', { median, highest, count }),
    sparklineAlt: (latest) => m('sparklineAlt', { latest }),
    latencyNotEnough: (summary) => m('latencyNotEnough', { summary }),
    latencyDaysSummary: (median, highest, days) => m('latencyDaysSummary', { median, highest, count: days }),
    lastDaySlot: (from, to, label) => m('lastDaySlot', { from, to, label }),
    lastDaySummary: (recorded, expected, down) => m('lastDaySummary', { recorded, expected: m('minutes', { count: expected }), down: m('minutes', { count: down }) }),
    incidentTimes: (started, resolved) => resolved === null ? m('incidentStarted', { started }) : m('incidentTimes', { started, resolved }),
    earlierUpdates: (n) => m('earlierUpdates', { count: n }),
    postmortemDates: (published, updated) => updated === null ? m('postmortemPublished', { published }) : m('postmortemUpdated', { published, updated }),
    staleSince: (when) => m('staleSince', { when }),
    refreshNote: (seconds) => m('refreshNote', { count: seconds })
  }
}

/** The status view's words in every shipped language, by tag. */
export const TEXT = Object.fromEntries(Object.keys(WORDS).map((tag) => [tag, textOf(tag)]))

/** How many of a model body's components have not reported (its `unknownComponents`), and whether none has. */
function reported (status) {
  const unknown = status.unknownComponents ?? 0
  return { unknown, none: unknown > 0 && unknown >= status.components.length }
}

/**
 * The headline of the model's body (docs/en/status-page.md#headline), the one sentence every surface shows: the words of
 * its page indicator, except that `none` with components that have not reported yet says so instead of "All systems
 * operational". Any other indicator already says that not everything works.
 */
export function headline (text, status) {
  const { unknown, none } = reported(status)
  if (status.indicator !== 'none' || unknown === 0) return text.overall[status.indicator] ?? status.description
  return none ? text.overallNoneReported : text.overallPartly(unknown)
}

/** The sentence under the headline: the indicator's, and how many components have not reported yet. */
export function headlineDetail (text, status) {
  const { unknown, none } = reported(status)
  if (unknown === 0) return text.overallDetail[status.indicator] ?? ''
  if (status.indicator === 'none') return none ? text.overallNoneReportedDetail : text.overallPartlyDetail
  return `${text.overallDetail[status.indicator] ?? ''} ${text.notReported(unknown)}`.trim()
}
