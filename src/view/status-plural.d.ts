// Types of status-plural.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
export declare function plural (count: number, one: string, other: string): string
