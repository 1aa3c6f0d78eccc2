// Strings in code-unit order, for names and codes that sort the same in every locale: `localeCompare` would load
// ICU's collation tables (~3 MB of memory) on its first call.

export function byCodeUnits (a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
