// Types of status-sparkline.js (plain JavaScript shared with the browser) for the server's TypeScript.
import type { ComponentHistory } from '../api/health.ts'
import type { StatusText } from './status-text.js'

type Checks = Pick<ComponentHistory, 'generatedAt' | 'checks'>
export declare function latencyPoints (history: Checks): Array<[number, number]>
export declare function latencySparkline (history: Checks): string | undefined
export declare function latencySparklineImage (history: Checks | null): string
export declare function latencyDaysSection (text: StatusText, history: Pick<ComponentHistory, 'uptime'> | null): string
export declare function latencySection (text: StatusText, history: Checks | null): string
export declare const SPARKLINE_MIN_MINUTES: number
/** The fewest days with a latency the 90-day chart is drawn from. */
export declare const LATENCY_DAYS_MIN: number
