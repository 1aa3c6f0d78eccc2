// Keeps the status page current: every data-refresh-seconds (60 in production) it asks the four status
// endpoints and re-renders the sections each one feeds. Paused while the tab is hidden; a failed request
// leaves the server-rendered (or last good) section exactly as it was and shows a small notice.
import { SECTIONS_OF, TEXT, overallState } from './status-view.js'
import { dateTime } from './status-format.js'

const ENDPOINTS = {
  health: '/api/v1/health',
  history: '/api/v1/health/history',
  discord: '/api/v1/health/discord',
  incidents: '/api/v1/health/incidents'
}

const root = document.getElementById('status')
if (root !== null) start(root)

function start (root) {
  const text = { ...(TEXT[root.dataset.locale] ?? TEXT.en), statusPath: root.dataset.statusPath ?? '/status' }
  const intervalMs = Math.max(1, Number(root.dataset.refreshSeconds) || 60) * 1000
  let overall = root.dataset.overall
  let lastRun = Date.now()
  let timer
  let running = false
  const shown = new Map()

  async function fetchBody (name) {
    const response = await fetch(ENDPOINTS[name], { headers: { accept: 'application/json' }, cache: 'no-cache' })
    const type = response.headers.get('content-type') ?? ''
    // The health endpoint answers 503 with a complete body while an outage lasts; problems are not bodies.
    const usable = response.ok || (name === 'health' && response.status === 503)
    if (!usable || !type.startsWith('application/json')) throw new Error(`${name}: HTTP ${response.status}`)
    return response.json()
  }

  /** Replaces the sections fed by one body; renders all first, so a bad body changes nothing. */
  function apply (name, body) {
    const rendered = Object.entries(SECTIONS_OF[name]).map(([id, render]) => [id, render(text, body)])
    for (const [id, html] of rendered) {
      const current = document.getElementById(id)
      if (current === null || shown.get(id) === html) continue
      const openKeys = [...current.querySelectorAll('details[open][data-key]')].map((d) => d.dataset.key)
      const template = document.createElement('template')
      template.innerHTML = html
      const next = template.content.firstElementChild
      for (const details of next.querySelectorAll('details[data-key]')) {
        if (openKeys.includes(details.dataset.key)) details.open = true
      }
      current.replaceWith(next)
      shown.set(id, html)
    }
    if (name === 'health') announce(overallState(body))
  }

  /** Screen readers hear a change of the overall status, and only that. */
  function announce (state) {
    if (state === overall) return
    overall = state
    const heading = root.querySelector('h1')
    if (heading !== null) document.title = `${heading.textContent} – ${text.overall[state]}`
    const region = document.getElementById('status-announce')
    if (region !== null) region.textContent = text.overall[state]
  }

  async function refresh () {
    if (running) return
    running = true
    lastRun = Date.now()
    const names = Object.keys(ENDPOINTS)
    const results = await Promise.allSettled(names.map(fetchBody))
    let failed = false
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
    running = false
    root.dataset.refreshes = String(Number(root.dataset.refreshes ?? '0') + 1)
    schedule(intervalMs)
  }

  function schedule (delay) {
    clearTimeout(timer)
    timer = document.hidden ? undefined : setTimeout(refresh, delay)
  }

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) { clearTimeout(timer); timer = undefined; return }
    // Back in view: catch up at once if a refresh is due, never sooner than one interval after the last.
    schedule(Math.max(0, intervalMs - (Date.now() - lastRun)))
  })
  schedule(intervalMs)
}
