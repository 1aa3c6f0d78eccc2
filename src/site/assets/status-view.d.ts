// Types of status-view.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
import type { PlatformStatusBody } from '../../api/platform-status.ts'
import type { HealthBody, HistoryBody } from '../../api/health.ts'
import type { IncidentsBody } from '../../api/incidents.ts'

export interface StatusBodies {
  health: HealthBody | null
  history: HistoryBody | null
  discord: PlatformStatusBody | null
  incidents: IncidentsBody | null
}

export interface StatusText {
  dateLocale: string
  overall: Record<'ok' | 'degraded' | 'down' | 'maintenance', string>
  overallDetail: Record<'ok' | 'degraded' | 'down' | 'maintenance', string>
  status: Record<'ok' | 'degraded' | 'down' | 'unknown' | 'no_data', string>
  incidentStatus: Record<'investigating' | 'identified' | 'monitoring' | 'resolved', string>
  impact: Record<'none' | 'minor' | 'major' | 'critical', string>
  lastUpdated: string
  refreshFailed: string
  refreshNote: (seconds: number) => string
  utc: string
}

export declare const TEXT: { en: StatusText, de: StatusText }
export declare function overallState (health: HealthBody): 'ok' | 'degraded' | 'down' | 'maintenance'
export declare function renderSections (text: StatusText, bodies: StatusBodies): string
export declare function lastDaySlots (history: HistoryBody): Array<{ from: number, to: number, status: 'ok' | 'degraded' | 'down' | 'no_data' }>
