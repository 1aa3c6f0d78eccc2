// Types of status-format.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
import type { StatusText } from './status-text.js'

export declare function esc (value: string | number): string
export declare function dateTime (text: StatusText, iso: string): string
export declare function time (iso: string, shown: string): string
export declare function percent (text: StatusText, value: number): string
export declare function day (text: StatusText, iso: string): string
export declare function millis (text: StatusText, value: number): string
