// Types of status-text.js (plain JavaScript, because the browser runs it too) for the server's TypeScript: the words
// of the status view in each language.
import type { ComponentsBody, PublicComponent } from '../api/components.ts'
import type { LanguageTag } from './locale-words.js'

type Indicator = ComponentsBody['indicator']
type ShownStatus = PublicComponent['status']

export interface StatusText {
  lang: LanguageTag
  dateLocale: string
  /** The headline's words for each page indicator. */
  overall: Record<Indicator, string>
  overallDetail: Record<Indicator, string>
  /** The headline with `n` components not reported yet (and the others operational). */
  overallPartly: (n: number) => string
  overallNoneReported: string
  overallPartlyDetail: string
  overallNoneReportedDetail: string
  notReported: (n: number) => string
  status: Record<'ok' | 'degraded' | 'down' | 'unknown' | 'no_data', string>
  componentStatus: Record<ShownStatus, string>
  /** "Acme status", or "System status" without a product name. */
  pageTitle: (name: string | undefined) => string
  incidentStatus: Record<'investigating' | 'identified' | 'monitoring' | 'resolved', string>
  impact: Record<'none' | 'minor' | 'major' | 'critical', string>
  lastUpdated: string
  refreshFailed: string
  /** The page's data is older than it should be (docs/en/architecture.md#edge): `when` is the last check it shows, e.g. "14:02 UTC". */
  staleSince: (when: string) => string
  refreshNote: (seconds: number) => string
  utc: string
  updatesLabel: string
  incidentLink: string
  /** The link to an incident's page under its latest updates, for the `n` earlier ones. */
  earlierUpdates: (n: number) => string
  postmortemDates: (published: string, updated: string | null) => string
  olderIncidents: string
  /** The link from the bars to the uptime calendar. */
  uptimeCalendar: string
  /** The component page's uptime over windows: its heading, and a window of `days` days. */
  uptimeWindows: string
  uptimeWindowDays: (days: number) => string
  /** The bars' heading when they show other than 90 days (the status file's `uptime.barDays`). */
  uptimeHeadingDays: (days: number) => string
  /** Days the status page's bars show (`uptime.barDays`); 90 when not given. */
  barDays?: 30 | 60 | 90
  /** The link under the open incidents shown to the history page, which lists the `n` others first. */
  moreOpenIncidents: (n: number) => string
  /** A component's line and page link to the first incidents naming it, then this for the `n` others. */
  moreIncidents: (n: number) => string
  pastIncidents: string
  noPastIncidents: string
  incidentPageTitle: string
  postmortemTitle: string
  postmortemLink: string
  maintenancePageTitle: string
  backToStatus: string
  maintenanceState: Record<'scheduled' | 'active' | 'ended' | 'cancelled', string>
  maintenanceEvents: Record<'scheduled' | 'started' | 'ended' | 'cancelled', string>
  maintenanceWindow: (from: string, to: string) => string
  uptimeTableLatencyHead: string[]
  maintenanceNow: string
  componentPageKicker: string
  componentGroup: string
  componentNow: string
  componentAffectedBy: string
  componentNothingAffects: string
  componentPageDescription: (name: string, product: string | undefined) => string
  latency: string
  affected: string
  incidentNumber: (id: number) => string
  maintenanceNumber: (id: number) => string
  incidentTimes: (started: string, resolved: string | null) => string
  /** The status page's path in this language (`/status`, `/de/status`): incident links go below it. */
  statusPath?: string
}

export declare const TEXT: Record<LanguageTag, StatusText>

/** The part of the model's body the headline reads. */
export type HeadlineStatus = Pick<ComponentsBody, 'indicator' | 'description' | 'unknownComponents'> & { components: readonly unknown[] }
/** The headline every surface shows: the indicator's words, or that components have not reported yet. */
export declare function headline (text: StatusText, status: HeadlineStatus): string
/** The sentence under the headline. */
export declare function headlineDetail (text: StatusText, status: HeadlineStatus): string

