// A component's response time over the last 24 hours as a small server-rendered SVG line (no script), with its words.
import { clock, dateTime, day, esc, millis } from './status-format.js'

const MINUTE = 60_000
const MINUTES = 24 * 60
const HEIGHT = 100
/** Minutes per drawn point: each point is the highest latency of its minutes, so a spike never disappears. */
const BUCKET = 5
const BUCKETS = MINUTES / BUCKET
/**
 * The fewest measured minutes of the last 24 hours worth a chart (three of its points): with fewer, the page says
 * "Not enough data yet" in words instead of a blank band with a tick.
 */
export const SPARKLINE_MIN_MINUTES = 3 * BUCKET
/**
 * The fewest days with a latency worth the 90-day chart: with fewer, its line is a dash or two at the edge beside a
 * highest value, so the section says "Not enough data yet" with the figures there are in words instead.
 */
export const LATENCY_DAYS_MIN = 3

/** The window the sparkline draws: the 24 hours ending with the minute after `generatedAt` (as the last-day strip). */
function window (history) {
  const end = Math.floor(Date.parse(history.generatedAt) / MINUTE) * MINUTE + MINUTE
  return { start: end - MINUTES * MINUTE, end }
}

/** The checks with a latency inside the window, as [minute index, latency], oldest first. */
export function latencyPoints (history) {
  const { start } = window(history)
  return history.checks
    .filter((check) => check.latencyMs !== null && check.latencyMs !== undefined)
    .map((check) => [Math.floor((Date.parse(check.at) - start) / MINUTE), check.latencyMs])
    .filter(([index]) => index >= 0 && index < MINUTES)
}

/** The median (nearest rank) and highest of the latencies. */
function figures (points) {
  const sorted = points.map(([, ms]) => ms).sort((a, b) => a - b)
  return { median: sorted[Math.ceil(sorted.length / 2) - 1], highest: sorted[sorted.length - 1] }
}

/** The points drawn: per 5 minutes with a latency, [bucket index, highest latency in it], oldest first. */
function buckets (points) {
  const highest = new Map()
  for (const [minute, ms] of points) {
    const bucket = Math.floor(minute / BUCKET)
    highest.set(bucket, Math.max(highest.get(bucket) ?? 0, ms))
  }
  return [...highest].sort(([a], [b]) => a - b)
}

/** The line's colour in the image form: 4:1 or more against the light and the dark theme's surfaces alike. */
const IMAGE_STROKE = '#3a7bd5'

/**
 * The drawing: a line through every 5 minutes with a latency (5 minutes without one break it), scaled from 0 to the
 * highest latency, and the area below it. Undefined below SPARKLINE_MIN_MINUTES measured minutes.
 */
function sparklinePaths (history) {
  const points = latencyPoints(history)
  if (points.length < SPARKLINE_MIN_MINUTES) return undefined
  const drawn = buckets(points)
  const highest = Math.max(...drawn.map(([, ms]) => ms))
  const y = (ms) => Math.round(HEIGHT - 3 - (highest === 0 ? 0 : (ms / highest) * (HEIGHT - 6)))
  const runs = []
  for (const point of drawn) {
    const run = runs[runs.length - 1]
    if (run !== undefined && point[0] - run[run.length - 1][0] === 1) run.push(point)
    else runs.push([point])
  }
  // A lone point is drawn one bucket wide (towards the past at the right edge), so it shows as a short dash.
  const dash = ([x, ms]) => x === BUCKETS - 1 ? [[x - 1, ms], [x, ms]] : [[x, ms], [x + 1, ms]]
  const line = runs.map((run) => (run.length === 1 ? dash(run[0]) : run)
    .map(([x, ms], i) => `${i === 0 ? 'M' : 'L'}${x} ${y(ms)}`).join('')).join('')
  const area = runs.filter((run) => run.length > 1)
    .map((run) => `M${run[0][0]} ${HEIGHT}${run.map(([x, ms]) => `L${x} ${y(ms)}`).join('')}L${run[run.length - 1][0]} ${HEIGHT}Z`).join('')
  return { line, area }
}

/** The sparkline inline in a page, styled by the page (both themes). Decorative: the words beside it say the same. */
export function latencySparkline (history) {
  const paths = sparklinePaths(history)
  if (paths === undefined) return undefined
  return `<svg class="sparkline" viewBox="0 0 ${BUCKETS - 1} ${HEIGHT}" preserveAspectRatio="none" aria-hidden="true" focusable="false">` +
    (paths.area === '' ? '' : `<path class="sparkline-area" d="${paths.area}"/>`) +
    `<path class="sparkline-line" d="${paths.line}" vector-effect="non-scaling-stroke"/></svg>`
}

/**
 * The same sparkline as a standalone image (the status page's component cards load it with an `alt`): one colour
 * that reads on both themes, a transparent background, and an empty image below SPARKLINE_MIN_MINUTES.
 */
export function latencySparklineImage (history) {
  const paths = history === null ? undefined : sparklinePaths(history)
  const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BUCKETS - 1} ${HEIGHT}" preserveAspectRatio="none" width="${BUCKETS - 1}" height="${HEIGHT}">`
  if (paths === undefined) return `${open}</svg>`
  return open + (paths.area === '' ? '' : `<path fill="${IMAGE_STROKE}" fill-opacity="0.15" d="${paths.area}"/>`) +
    `<path fill="none" stroke="${IMAGE_STROKE}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" vector-effect="non-scaling-stroke" d="${paths.line}"/></svg>`
}

/** Section "latency": the sparkline with its highest value, its time scale and a sentence with median and highest. */
export function latencySection (text, history) {
  const open = '<section id="latency" class="card" aria-labelledby="latency-title">'
  const title = `<h2 id="latency-title">${esc(text.latencyHeading)}</h2>`
  if (history === null) return `${open}${title}<p class="unavailable">${esc(text.sectionUnavailable)}</p></section>`
  const points = latencyPoints(history)
  if (points.length === 0) return `${open}${title}<p class="none-measured meta">${esc(text.latencyNone)}</p></section>`
  const { median, highest } = figures(points)
  const summary = text.latencySummary(millis(text, median), millis(text, highest), points.length)
  const svg = latencySparkline(history)
  // Below the minimum for a chart, the figures there are, in words.
  if (svg === undefined) return `${open}${title}<p class="none-measured meta">${esc(text.latencyNotEnough(summary))}</p></section>`
  const { start } = window(history)
  const from = new Date(start).toISOString()
  return `${open}${title}<p class="meta">${esc(summary)}</p>` +
    `<div class="sparkline-frame"><span class="sparkline-max meta" aria-hidden="true">${esc(millis(text, highest))}</span>${svg}</div>` +
    `<div class="bar-scale" aria-hidden="true"><span>${esc(dateTime(text, from))}</span><span>${esc(`${text.now} (${clock(text, history.generatedAt)} ${text.utc})`)}</span></div></section>`
}

/** The 90 days' daily latency: [day index, p50, p95] for the days with one, oldest first. */
function dailyLatencies (history) {
  return history.uptime.daily.map((day, index) => [index, day.latencyP50Ms, day.latencyP95Ms]).filter(([, p50, p95]) => p50 !== null && p95 !== null)
}

/**
 * Section "latency-days": the 90 days' median (solid) and 95th percentile (dashed) as a server-rendered SVG chart, with
 * a legend and a sentence that says the same in words (the chart is decorative for assistive technology).
 */
export function latencyDaysSection (text, history) {
  const open = '<section id="latency-days" class="card" aria-labelledby="latency-days-title">'
  const title = `<h2 id="latency-days-title">${esc(text.latencyDaysHeading)}</h2>`
  if (history === null) return `${open}${title}<p class="unavailable">${esc(text.sectionUnavailable)}</p></section>`
  const days = dailyLatencies(history)
  if (days.length === 0) return `${open}${title}<p class="none-measured meta">${esc(text.latencyDaysNone)}</p></section>`
  const highest = Math.max(...days.map(([, , p95]) => p95))
  const medians = days.map(([, p50]) => p50).sort((a, b) => a - b)
  const median = medians[Math.ceil(medians.length / 2) - 1]
  const summary = text.latencyDaysSummary(millis(text, median), millis(text, highest), days.length)
  if (days.length < LATENCY_DAYS_MIN) return `${open}${title}<p class="none-measured meta">${esc(text.latencyNotEnough(summary))}</p></section>`
  const width = history.uptime.daily.length - 1
  const y = (ms) => Math.round(HEIGHT - 3 - (highest === 0 ? 0 : (ms / highest) * (HEIGHT - 6)))
  // Runs of consecutive days; a day without a latency breaks the line, and a lone day is drawn as a short dash.
  const runs = []
  for (const day of days) {
    const run = runs[runs.length - 1]
    if (run !== undefined && day[0] - run[run.length - 1][0] === 1) run.push(day)
    else runs.push([day])
  }
  const line = (pick) => runs.map((run) => run.length === 1
    ? `M${run[0][0] - 0.4} ${y(pick(run[0]))}L${run[0][0] + 0.4} ${y(pick(run[0]))}`
    : run.map((day, i) => `${i === 0 ? 'M' : 'L'}${day[0]} ${y(pick(day))}`).join('')).join('')
  const svg = `<svg class="sparkline latency-days" viewBox="-0.5 0 ${width + 1} ${HEIGHT}" preserveAspectRatio="none" aria-hidden="true" focusable="false">` +
    `<path class="sparkline-line sparkline-line--p95" d="${line(([, , p95]) => p95)}" vector-effect="non-scaling-stroke"/>` +
    `<path class="sparkline-line" d="${line(([, p50]) => p50)}" vector-effect="non-scaling-stroke"/></svg>`
  return `${open}${title}<p class="meta">${esc(summary)}</p>` +
    `<div class="sparkline-frame"><span class="sparkline-max meta" aria-hidden="true">${esc(millis(text, highest))}</span>${svg}</div>` +
    `<div class="bar-scale" aria-hidden="true"><span>${esc(day(text, history.uptime.from))}</span><span>${esc(day(text, history.uptime.to))}</span></div>` +
    `<p class="chart-legend meta" aria-hidden="true"><span class="legend-p50">${esc(text.latencyLegendP50)}</span> <span class="legend-p95">${esc(text.latencyLegendP95)}</span></p></section>`
}
