// The docs rendered once by `npm run build` (dist/docs.json) and read back at start, so that a replica does not parse
// some 600 KB of Markdown before it listens (docs/en/operations.md#memory). Used only when everything it was made from
// is as it was: the bundle (whose sources the bin has checked), the docs folder's files and the language roots.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Locale } from '../lib/locale.ts'
import { loadDocs, type LoadedDocs, type LoadOptions } from './load.ts'

/** The file in the bundle's folder. */
export const PRERENDERED_FILE = 'docs.json'

interface Prerendered {
  roots: Record<Locale, string>
  /** Every file below the docs folder (relative path → size and mtime), as make compares them. */
  files: Record<string, [number, number]>
  docs: LoadedDocs
}

/** Size and mtime of every file below `dir`, by its path relative to it (hidden entries left out, as the loader does). */
function fingerprint (dir: string): Record<string, [number, number]> {
  const found: Record<string, [number, number]> = {}
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      if (name.startsWith('.') || name === 'node_modules') continue
      const child = rel === '' ? name : `${rel}/${name}`
      const stat = statSync(path.join(dir, child))
      if (stat.isDirectory()) walk(child)
      else found[child] = [stat.size, stat.mtimeMs]
    }
  }
  walk('')
  return found
}

/** Renders `docsDir` with `options` and writes it, with what it was made from, to `file`. */
export function writePrerenderedDocs (file: string, docsDir: string, options: LoadOptions): void {
  const prerendered: Prerendered = { roots: options.roots, files: fingerprint(docsDir), docs: loadDocs(docsDir, options) }
  writeFileSync(file, JSON.stringify(prerendered))
}

/** The docs as `file` holds them, when they were rendered from `docsDir` as it is now with the same roots; else undefined. */
export function readPrerenderedDocs (file: string, docsDir: string, options: LoadOptions): LoadedDocs | undefined {
  let prerendered: Prerendered
  try {
    prerendered = JSON.parse(readFileSync(file, 'utf8')) as Prerendered
  } catch {
    return undefined // none built, or unreadable: the docs are rendered at start
  }
  if (prerendered.roots?.en !== options.roots.en || prerendered.roots?.de !== options.roots.de) return undefined
  let now: Record<string, [number, number]>
  try {
    now = fingerprint(docsDir)
  } catch {
    return undefined
  }
  const then = prerendered.files ?? {}
  const names = Object.keys(now)
  if (names.length !== Object.keys(then).length) return undefined
  for (const name of names) {
    const was = then[name]
    if (was === undefined || was[0] !== now[name]![0] || was[1] !== now[name]![1]) return undefined
  }
  return prerendered.docs
}
