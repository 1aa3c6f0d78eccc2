// Escaping for HTML text and attributes: every value that did not come from our own templates goes through here.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml (value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}
