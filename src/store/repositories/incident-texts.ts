// An incident's stored texts in the page languages besides English (the column `incidents.texts`, JSON): their shape
// and how a stored value is read back. What the pages make of them is src/incidents/texts.ts.
import type { PageLanguage } from '../../lib/locale.ts'

/** Per language other than English: the title and the first update's message, each where the template gave it. */
export type IncidentTexts = Partial<Record<Exclude<PageLanguage, 'en'>, { title?: string, message?: string }>>

/** The stored column (JSON or null) as read back; undefined for none, or for JSON that is not an object. */
export function parseIncidentTexts (stored: string | null): IncidentTexts | undefined {
  if (stored === null) return undefined
  try {
    const value: unknown = JSON.parse(stored)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as IncidentTexts : undefined
  } catch {
    return undefined
  }
}
