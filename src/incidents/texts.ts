// An incident's title and first message in the page languages besides English, as the template it was opened from gave
// them: stored with the incident (so a later change of the status file leaves it as published), read by the pages.
import type { Incident } from '../api/incidents.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { incidentInLanguage, type IncidentText } from '../view/status-view.js'

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

/** The incident as a page in `lang` shows it (src/view/status-view.js decides, for the server and the page's script alike). */
export function incidentIn (incident: Incident, texts: IncidentTexts | undefined, lang: PageLanguage): Incident {
  return lang === 'en' ? incident : incidentInLanguage(incident, texts?.[lang])
}

/** For one language, the texts of the incidents that have one in it, by id: what the status page hands its script. */
export function textsIn (all: ReadonlyMap<number, IncidentTexts>, lang: PageLanguage): Record<string, IncidentText> {
  const texts: Record<string, IncidentText> = {}
  if (lang === 'en') return texts
  for (const [id, text] of all) if (text[lang] !== undefined) texts[id] = text[lang]
  return texts
}
