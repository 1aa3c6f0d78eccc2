// Types of status-uptime.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
import type { ComponentHistory } from '../api/health.ts'
import type { IncidentsBody } from '../api/incidents.ts'
import type { StatusText } from './status-text.js'

export declare function componentUptimeSection (text: StatusText, history: ComponentHistory | null, name: string, incidents?: IncidentsBody | null): string
export declare function lastDaySection (text: StatusText, history: Pick<ComponentHistory, 'generatedAt' | 'checks'> | null): string

/** A day as uptimeOfDays counts it: its checks, and those up (null: the day has no figure). */
export interface DayUp { checks: number, up: number | null }
export declare function uptimeOfDays (days: DayUp[]): { checks: number, up: number, percent: number | null }
/** The measured statuses' ranks, the browser's copy of src/api/status-severity.ts (a test pins them equal). */
export declare const CHECK_SEVERITY: Readonly<Record<'ok' | 'degraded' | 'down', number>>
