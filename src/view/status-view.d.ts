// Types of status-view.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
import type { ComponentsBody, PublicComponent, PublicGroup } from '../api/components.ts'
import type { PlatformStatusBody } from '../api/platform-status.ts'
import type { HealthBody, HistoryBody } from '../api/health.ts'
import type { Incident, IncidentsBody } from '../api/incidents.ts'
import type { ShardLookupBody, ShardsBody } from '../api/shards.ts'
import type { HeadlineStatus, StatusText } from './status-text.js'

type ShownStatus = PublicComponent['status']

export interface StatusBodies {
  /** The one public status (docs/en/architecture.md#status-model): the headline and the components render it. */
  components: ComponentsBody | null
  health: HealthBody | null
  history: HistoryBody | null
  discord: PlatformStatusBody | null
  incidents: IncidentsBody | null
  shards: ShardsBody | null
  /** True when the incidents service holds resolved incidents beyond the recent window: the page links to the history. */
  olderIncidents?: boolean
}

export { TEXT, headline, headlineDetail, type StatusText, type HeadlineStatus } from './status-text.js'
/** A group with its components, or a component on its own, in page order. */
export type LayoutItem = { component: PublicComponent, group?: undefined } | { group: PublicGroup, members: PublicComponent[], component?: undefined }
export declare function componentLayout (components: ComponentsBody): LayoutItem[]
/** What an incident or window names (`components`, once incidents carry it), by the model's names. */
export declare function affectedComponents (text: StatusText, item: { id: number, components?: ReadonlyArray<string | { id: string, status: string }> }, components: { components: ReadonlyArray<{ id: string, name: { en: string, de: string } }> } | null | undefined): string
export declare function renderSections (text: StatusText, bodies: StatusBodies): string
export declare function lastDaySlots (history: HistoryBody): Array<{ from: number, to: number, status: 'ok' | 'degraded' | 'down' | 'no_data' }>
export declare function incidentHead (text: StatusText, incident: Incident, headingTag: string): string
/** How many of an incident's updates lists of incidents show. */
export declare const LATEST_UPDATES: number
export declare const OPEN_SHOWN: number
/** The ids of `named` that `listed` holds first, in its order (the newest), then the others as they are. */
export declare function newestNamed (named: readonly number[], listed: ReadonlyArray<{ id: number }>): number[]
/** An incident's title and first message in one page language, each where the template it was opened from gave it. */
export interface IncidentText { title?: string, message?: string }
export declare function incidentInLanguage (incident: Incident, text: IncidentText | undefined): Incident
export declare function incidentsInLanguage<B extends IncidentsBody | null> (body: B, texts: Readonly<Record<string, IncidentText>> | undefined): B
export declare function incidentBody (text: StatusText, incident: Incident, limit?: number): string
export declare function icon (kind: string): string
/** How the page indicator looks (its colour and icon): ok | degraded | partial | down | maintenance. */
export declare const HEADLINE_KIND: Record<Indicator, string>
/** How the headline of a model body looks: its indicator's kind, and `unknown` while no component has reported. */
export declare function headlineKind (status: HeadlineStatus): string
/** How a model status looks: ok | degraded | partial | down | maintenance | unknown. */
export declare const STATUS_KIND: Record<ShownStatus, string>
export declare function statusBadge (text: StatusText, status: ShownStatus): string
export declare function badge (kind: string, label: string): string
export declare function localName (text: StatusText, name: { en: string, de: string }): string
export declare function componentHref (text: StatusText, id: string): string
/** A page of the incident history below `text.statusPath` (page 1 without a query). */
export declare function historyHref (text: Pick<StatusText, 'statusPath'>, page: number): string
/** One resolved incident as the past incidents list it (an `<li>`), its title in `headingTag` (h3 by default). */
export declare function pastIncidentItem (text: StatusText, incident: Incident, components: { components: ReadonlyArray<{ id: string, name: { en: string, de: string } }> } | null | undefined, headingTag?: string): string
export declare function shardFinderSection (text: StatusText, answerHtml?: string, input?: string): string
export declare function guildAnswer (text: StatusText, answer: ShardLookupBody | 'invalid' | 'unavailable'): string
export declare function findGuild (shards: ShardsBody, guildId: string): ShardLookupBody | 'unavailable'
