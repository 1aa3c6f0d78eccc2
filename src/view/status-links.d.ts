// Types of status-links.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
import type { PageLanguage } from '../lib/locale.ts'

/** Where the pages below a status page hang: its path in the page's language (default `/status`). */
export interface StatusPathHolder { statusPath?: string | undefined }
/** What an absolute address is built from: the base URL without a trailing slash, and GERMAN_PREFIX. */
export interface SiteLinks {
  baseUrl: string
  germanPrefix: string
}

export declare const DEFAULT_GERMAN_PREFIX: string
export declare function languagePrefix (lang: PageLanguage, germanPrefix?: string): string
export declare function localPath (lang: PageLanguage, path: string, germanPrefix?: string): string
export declare function statusPathOf (lang: PageLanguage, germanPrefix?: string): string
export declare function statusHref (text: StatusPathHolder): string
export declare function incidentHref (text: StatusPathHolder, id: number | string): string
export declare const POSTMORTEM_ANCHOR: string
export declare function postmortemHref (text: StatusPathHolder, id: number | string): string
export declare function incidentMarkdownHref (text: StatusPathHolder, id: number | string): string
export declare function maintenanceHref (text: StatusPathHolder, id: number | string): string
export declare function componentHref (text: StatusPathHolder, id: string): string
export declare function latencyImageHref (id: string): string
export declare function historyHref (text: StatusPathHolder, page: number): string
export declare function uptimeHref (text: StatusPathHolder, id?: string): string
export declare function incidentsApiHref (before: number, limit: number): string
export declare function shardsApiHref (): string
export declare function statusUrl (site: SiteLinks, lang: PageLanguage): string
export declare function incidentUrl (site: SiteLinks, lang: PageLanguage, id: number | string): string
export declare function maintenanceUrl (site: SiteLinks, lang: PageLanguage, id: number | string): string
export declare function historyUrl (site: SiteLinks, lang: PageLanguage, page: number): string
