// The words of the feeds in English and German; incident statuses and impacts in the status page's words.
import type { Locale } from '../lib/locale.ts'
import { TEXT } from '../view/status-view.js'
import type { IncidentImpact, IncidentStatus } from '../incidents/rules.ts'
import type { MaintenanceStep } from './feed-events.ts'

export interface FeedText {
  /** Without a status file naming the product. */
  title: string
  /** With one: the product's name in it. */
  productTitle: (product: string) => string
  description: string
  language: string
  incidentStatus: Record<IncidentStatus, string>
  impact: Record<IncidentImpact, string>
  maintenanceStep: Record<MaintenanceStep, string>
  maintenance: string
  window: (from: string, to: string) => string
  /** Before the names of the components an entry affects. */
  affected: string
  /** An incident's post-mortem: the entry's step, and its link's words. */
  postmortem: string
  postmortemLink: string
}

export const FEED_TEXT: Record<Locale, FeedText> = {
  en: {
    title: 'System status: incidents and maintenance',
    productTitle: (product) => `${product} status: incidents and maintenance`,
    description: 'Every update to an incident or a maintenance window, newest first.',
    language: 'en',
    incidentStatus: TEXT.en.incidentStatus,
    impact: TEXT.en.impact,
    maintenanceStep: { scheduled: 'Maintenance scheduled', started: 'Maintenance started', ended: 'Maintenance completed', cancelled: 'Maintenance cancelled' },
    maintenance: 'Maintenance',
    window: (from, to) => `Planned from ${from} until ${to}.`,
    affected: 'Affected',
    postmortem: TEXT.en.postmortemTitle,
    postmortemLink: TEXT.en.postmortemLink
  },
  de: {
    title: 'Systemstatus: Vorfälle und Wartungen',
    productTitle: (product) => `${product}-Status: Vorfälle und Wartungen`,
    description: 'Jede Meldung zu einem Vorfall oder einer Wartung, die neueste zuerst.',
    language: 'de',
    incidentStatus: TEXT.de.incidentStatus,
    impact: TEXT.de.impact,
    maintenanceStep: { scheduled: 'Wartung geplant', started: 'Wartung begonnen', ended: 'Wartung abgeschlossen', cancelled: 'Wartung abgesagt' },
    maintenance: 'Wartung',
    window: (from, to) => `Geplant von ${from} bis ${to}.`,
    affected: 'Betroffen',
    postmortem: TEXT.de.postmortemTitle,
    postmortemLink: TEXT.de.postmortemLink
  }
}
