// JSON with every object's keys in code-unit order: two values that differ only in key order (or whitespace) give one text.
import { byCodeUnits } from './code-unit-order.ts'

/** `value` as JSON, object keys sorted at every depth; arrays keep their order. */
export function canonicalJson (value: unknown): string {
  return JSON.stringify(sortedKeys(value))
}

function sortedKeys (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => byCodeUnits(a, b))
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortedKeys(inner)]))
}
