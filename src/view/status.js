// Keeps the status page current: every data-refresh-seconds (60 in production) it asks the status endpoints
// (the model's components first of all) and re-renders the sections each one feeds. Paused while the tab is hidden; a failed request
// leaves the server-rendered (or last good) section exactly as it was and shows a small notice.
import { SECTIONS_OF, TEXT, findGuild, guildAnswer, headline, incidentsInLanguage, shardDetail } from './status-view.js'
import { dateTime } from './status-format.js'
import { statusPathOf } from './status-links.js'

const ENDPOINTS = {
  components: '/api/v1/health/components',
  history: '/api/v1/health/history',
  discord: '/api/v1/health/discord',
  incidents: '/api/v1/health/incidents',
  shards: '/api/v1/health/shards'
}

const root = document.getElementById('status')
if (root !== null) start(root)

const FOCUSABLE = 'a[href], button, input, summary, [tabindex]:not([tabindex="-1"])'

function start (root) {
  const text = { ...(TEXT[root.dataset.locale] ?? TEXT.en), statusPath: root.dataset.statusPath ?? statusPathOf('en'), barDays: root.dataset.barDays === undefined ? undefined : Number(root.dataset.barDays) }
  const intervalMs = Math.max(1, Number(root.dataset.refreshSeconds) || 60) * 1000
  // Incidents opened from a template, in the page's language (the API's bodies carry the English): shown again after each refresh.
  const incidentTexts = readTexts(root.dataset.incidentTexts)
  let indicator = root.dataset.indicator
  let words = document.getElementById('overall-title')?.textContent ?? ''
  let lastRun = Date.now()
  let timer
  let running = false
  const shown = new Map()
  const latest = {}
  /** Whether the last incidents body read had more after it (undefined before the first). */
  let olderIncidents
  /** The last check of the data shown, and how old it may get before the page says it is stale (docs/en/architecture.md#edge). */
  let checkedAt = root.dataset.checkedAt
  const staleAfterMs = Number(root.dataset.staleAfterSeconds) * 1000

  /** Compares the data's last check with the reader's clock: marks the page stale, in words, or clears the mark. */
  function markStale () {
    if (!(staleAfterMs > 0) || checkedAt === undefined || Number.isNaN(Date.parse(checkedAt))) return
    const stale = Date.now() - Date.parse(checkedAt) > staleAfterMs
    const notice = document.getElementById('stale-notice')
    if (stale) {
      root.dataset.stale = 'true'
      if (notice !== null) { notice.textContent = text.staleSince(dateTime(text, checkedAt)); notice.hidden = false }
    } else {
      delete root.dataset.stale
      if (notice !== null) notice.hidden = true
    }
  }

  /** The time of the last check behind what was just read (a cache may hand out an old copy); undefined when unknown. */
  async function lastCheck () {
    try {
      const response = await fetch('/api/v1/health', { headers: { accept: 'application/json' }, cache: 'no-cache' })
      // 503 with the health body is an answer (the product is down); a problem has no checkedAt.
      const body = (response.headers.get('content-type') ?? '').startsWith('application/json') ? await response.json() : undefined
      return typeof body?.checkedAt === 'string' ? body.checkedAt : undefined
    } catch {
      return undefined
    }
  }

  async function fetchBody (name) {
    const response = await fetch(ENDPOINTS[name], { headers: { accept: 'application/json' }, cache: 'no-cache' })
    const type = response.headers.get('content-type') ?? ''
    const usable = response.ok
    // No shard has reported: a 503 problem that is an answer ("none yet"), not a failure.
    if (name === 'shards' && response.status === 503) return null
    if (!usable || !type.startsWith('application/json')) throw new Error(`${name}: HTTP ${response.status}`)
    const read = await response.json()
    const body = name === 'incidents' ? incidentsInLanguage(read, incidentTexts) : read
    // The body is the recent window: a next page (its Link header) means the history pages hold older incidents.
    if (name === 'incidents') olderIncidents = /;\s*rel="next"/.test(response.headers.get('link') ?? '')
    return body
  }

  /** Replaces the sections fed by one body; renders all first, so a bad body changes nothing. */
  function apply (name, body) {
    const rendered = Object.entries(SECTIONS_OF[name]).map(([id, render]) => [id, render(text, body, latest)])
    for (const [id, html] of rendered) {
      const current = document.getElementById(id)
      if (html === undefined || current === null || shown.get(id) === html) continue
      // Folds keep what the reader made of them: opened or closed.
      const folds = new Map([...current.querySelectorAll('details[data-key]')].map((d) => [d.dataset.key, d.open]))
      const focus = focusPlace(current)
      const template = document.createElement('template')
      template.innerHTML = html
      const next = template.content.firstElementChild
      for (const details of next.querySelectorAll('details[data-key]')) {
        if (folds.has(details.dataset.key)) details.open = folds.get(details.dataset.key)
      }
      current.replaceWith(next)
      shown.set(id, html)
      if (focus !== undefined) restoreFocus(next, focus)
    }
    if (name === 'components') announce(body)
    // A server found before keeps its answer current: same rule, from the new shards.
    const asked = document.querySelector('#guild-answer [data-guild]')
    if (name === 'shards' && body !== null && asked !== null) {
      document.getElementById('guild-answer').innerHTML = guildAnswer(text, findGuild(body, asked.dataset.guild))
    }
  }

  /**
   * Where the keyboard focus is inside `section`, if it is: the focused element's id or data-key (of its
   * fold), else its position among the section's focusable elements, so a replaced section gets it back.
   */
  function focusPlace (section) {
    const active = document.activeElement
    if (active === null || active === document.body || !section.contains(active)) return undefined
    const key = active.closest('[data-key]')?.dataset.key
    const all = [...section.querySelectorAll(FOCUSABLE)]
    return { id: active.id, key, summary: active.tagName === 'SUMMARY', index: all.indexOf(active), cell: active.parentElement?.matches('.shard-grid, .days') === true ? [...active.parentElement.children].indexOf(active) : -1, grid: [...section.querySelectorAll('.shard-grid, .days')].indexOf(active.parentElement) }
  }

  function restoreFocus (section, place) {
    let target = place.id !== '' ? section.querySelector(`#${window.CSS.escape(place.id)}`) : null
    if (target === null && place.key !== undefined) {
      const fold = section.querySelector(`[data-key="${window.CSS.escape(place.key)}"]`)
      if (fold !== null) target = place.summary ? fold.querySelector('summary') : (place.cell >= 0 ? fold.querySelector('.shard-grid')?.children[place.cell] : null) ?? fold.querySelector('summary')
    }
    if (target == null && place.cell >= 0) target = section.querySelectorAll('.shard-grid, .days')[place.grid]?.children[place.cell] ?? null
    if (target == null) target = [...section.querySelectorAll(FOCUSABLE)][place.index] ?? section.querySelector('h2')
    if (target == null) return
    if (target.parentElement?.matches('.shard-grid, #uptime .days') === true) target.tabIndex = 0 // the grid's one tab stop
    target.focus({ preventScroll: true })
  }

  /** Screen readers hear a change of the headline (the page indicator in words), and only that; the root and the title follow it. */
  function announce (body) {
    const next = headline(text, body)
    if (body.indicator === indicator && next === words) return
    indicator = body.indicator
    words = next
    root.dataset.indicator = body.indicator
    const heading = root.querySelector('h1')
    if (heading !== null) document.title = `${heading.textContent} – ${words}`
    const region = document.getElementById('status-announce')
    if (region !== null) region.textContent = words
  }

  async function refresh () {
    if (running) return
    running = true
    lastRun = Date.now()
    const names = Object.keys(ENDPOINTS)
    const [results, checked] = await Promise.all([Promise.allSettled(names.map(fetchBody)), lastCheck()])
    if (checked !== undefined) checkedAt = checked
    let failed = false
    // Every body first, so a section that reads two (a component's incident titles) sees both of this round.
    results.forEach((result, i) => { if (result.status === 'fulfilled') latest[names[i]] = result.value })
    latest.olderIncidents = olderIncidents
    results.forEach((result, i) => {
      if (result.status === 'rejected') { failed = true; return }
      try { apply(names[i], result.value) } catch { failed = true }
    })
    const notice = document.getElementById('refresh-error')
    if (notice !== null) notice.hidden = !failed
    if (!failed) {
      const updated = document.getElementById('last-updated')
      const now = new Date().toISOString()
      if (updated !== null) { updated.dateTime = now; updated.textContent = dateTime(text, now) }
    }
    markStale()
    running = false
    root.dataset.refreshes = String(Number(root.dataset.refreshes ?? '0') + 1)
    schedule(intervalMs)
  }

  function schedule (delay) {
    clearTimeout(timer)
    timer = document.hidden ? undefined : setTimeout(refresh, delay)
  }

  enhanceShards(root, text)
  markStale()

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) { clearTimeout(timer); timer = undefined; return }
    // Back in view: catch up at once if a refresh is due, never sooner than one interval after the last.
    schedule(Math.max(0, intervalMs - (Date.now() - lastRun)))
  })
  schedule(intervalMs)
}

/**
 * "Find your server" without a page load: the answer from /api/v1/health/shards/{id}, the address updated to the
 * same ?guild=… the form would have loaded. The shard grid: one tab stop per grid, arrow keys move between shards,
 * and the focused shard's figures are read out below the grid.
 */
function enhanceShards (root, text) {
  const form = root.querySelector('.guild-form')
  const answer = document.getElementById('guild-answer')
  if (form !== null && answer !== null) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const input = form.elements.guild.value.trim()
      const id = /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/channels\/([0-9]+)/.exec(input)?.[1] ?? input
      let result = 'invalid'
      if (/^[1-9][0-9]{16,19}$/.test(id)) {
        try {
          const response = await fetch(`/api/v1/health/shards/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } })
          result = response.ok ? await response.json() : response.status === 503 ? 'unavailable' : 'invalid'
        } catch {
          result = 'unavailable'
        }
      }
      answer.innerHTML = guildAnswer(text, result)
      const url = new URL(window.location.href)
      url.searchParams.set('guild', input)
      window.history.replaceState(null, '', url)
    })
  }

  // Delegated, so it keeps working on grids a refresh has replaced. The 90-day bars work the same way.
  const GRIDS = '.shard-grid, #uptime .days'
  const cellsOf = (grid) => [...grid.children]
  const isCell = (element) => element instanceof window.HTMLElement && element.parentElement?.matches(GRIDS) === true
  const prepare = () => {
    for (const grid of root.querySelectorAll(GRIDS)) {
      const cells = cellsOf(grid)
      if (cells.some((cell) => cell.tabIndex === 0)) continue
      cells.forEach((cell, i) => { cell.tabIndex = i === 0 ? 0 : -1 })
    }
  }
  prepare()
  new window.MutationObserver(prepare).observe(root, { childList: true })
  root.addEventListener('keydown', (event) => {
    const cell = event.target
    if (!isCell(cell)) return
    const cells = cellsOf(cell.parentElement)
    const at = cells.indexOf(cell)
    const perRow = Math.max(1, Math.round(cell.parentElement.clientWidth / Math.max(1, cell.offsetWidth + 3)))
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + perRow, ArrowUp: at - perRow, Home: 0, End: cells.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = cells[Math.min(cells.length - 1, Math.max(0, next))]
    cell.tabIndex = -1
    target.tabIndex = 0
    target.focus()
  })
  root.addEventListener('focusin', (event) => {
    // A day's own link (a day with an incident) tells the day's figures too.
    const cell = isCell(event.target) ? event.target : event.target.parentElement
    if (!isCell(cell)) return
    const inShards = cell.parentElement.classList.contains('shard-grid')
    const detail = cell.closest('section')?.querySelector(inShards ? '.shard-detail' : '.day-detail')
    if (detail == null) return
    detail.textContent = inShards ? shardDetail(text, cell.textContent, cell.className.replace(/^s-/, ''), cell.title) : cell.title
  })
}

/** The texts the server handed over, or none when there are none (or they cannot be read). */
function readTexts (json) {
  if (json === undefined) return undefined
  try {
    const texts = JSON.parse(json)
    return typeof texts === 'object' && texts !== null ? texts : undefined
  } catch {
    return undefined
  }
}
