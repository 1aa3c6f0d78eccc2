// Small inline SVG icons, so a status is never told by colour alone (decorative: the text beside says it).
const PATHS = {
  ok: '<path d="M3.5 8.5l3 3 6-7"/>',
  degraded: '<path d="M8 3.5v5.5"/><path d="M8 12.5v.01"/>',
  partial: '<path d="M8 2.5l6 11H2z"/><path d="M8 6.8v3"/><path d="M8 11.8v.01"/>',
  down: '<path d="M4.5 4.5l7 7M11.5 4.5l-7 7"/>',
  unknown: '<path d="M4.5 8h7"/>',
  maintenance: '<circle cx="8" cy="8" r="5.5"/><path d="M8 5v3.5l2.2 1.4"/>'
}

/** ok | degraded | partial | down | unknown | no_data | maintenance → an aria-hidden SVG. */
export function icon (kind) {
  const path = PATHS[kind] ?? PATHS.unknown
  return `<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`
}
