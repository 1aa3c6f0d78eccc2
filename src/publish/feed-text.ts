// The words of the feeds in every shipped language (src/locales/, `publish.feeds`); incident statuses and impacts in the status page's words.
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { WORDS, message } from '../view/locale-words.js'
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

/** One language's feed words, from its locale file's `publish.feeds` (and the status page's statuses and impacts). */
function feedText (tag: PageLanguage): FeedText {
  const words = WORDS[tag].publish.feeds
  return {
    title: words.title,
    productTitle: (product) => message(tag, words.productTitle, { product }),
    description: words.description,
    language: tag,
    incidentStatus: TEXT[tag].incidentStatus,
    impact: TEXT[tag].impact,
    maintenanceStep: words.maintenanceStep,
    maintenance: words.maintenance,
    window: (from, to) => message(tag, words.window, { from, to }),
    affected: words.affected,
    postmortem: TEXT[tag].postmortemTitle,
    postmortemLink: TEXT[tag].postmortemLink
  }
}

export const FEED_TEXT = Object.fromEntries(PAGE_LANGUAGES.map((tag) => [tag, feedText(tag)])) as Record<PageLanguage, FeedText>
