// Addresses the status page's sections link to (server and browser alike).

/** The permanent page of an incident, below the status page of the page's language (`text.statusPath`). */
export function incidentHref (text, id) {
  return `${text.statusPath ?? '/status'}/incidents/${encodeURIComponent(id)}`
}

/** The permanent page of a maintenance window. */
export function maintenanceHref (text, id) {
  return `${text.statusPath ?? '/status'}/maintenance/${encodeURIComponent(id)}`
}

/** The page of a declared component (`/status/components/{id}`). */
export function componentHref (text, id) {
  return `${text.statusPath ?? '/status'}/components/${encodeURIComponent(id)}`
}

/** A page of the incident history: `/status/history`, then `/status/history?page=2` and on (page 1 has no query). */
export function historyHref (text, page) {
  return `${text.statusPath ?? '/status'}/history${page > 1 ? `?page=${encodeURIComponent(page)}` : ''}`
}
