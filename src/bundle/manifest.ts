// Whether dist/ holds a bundle of the sources as they are now: the bin runs it when it does, the TypeScript sources when
// not (docs/en/operations.md#bundle). Node built-ins only: the bin loads this before it knows which code to run.
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** The folder `npm run build` (src/bundle/build.ts) writes, relative to the project root. */
export const BUNDLE_DIR = 'dist'
/** The bundled src/main.ts. */
export const BUNDLE_ENTRY = 'main.mjs'
export const MANIFEST_FILE = 'manifest.json'

/** A file the bundle was built from (a source of ours or a lockfile), as it was then. */
export interface BundleInput { size: number, mtimeMs: number }

export interface BundleManifest {
  /** Project-relative paths (forward slashes) to what each was when the bundle was built. */
  inputs: Record<string, BundleInput>
}

/** The files whose change makes a bundle stale: our sources it holds, and the lockfiles that pin what it took from node_modules. */
export const LOCKFILES = ['package-lock.json', 'node_modules/.package-lock.json']

export function inputState (file: string): BundleInput | undefined {
  try {
    const stat = statSync(file)
    return { size: stat.size, mtimeMs: stat.mtimeMs }
  } catch {
    return undefined
  }
}

/** True when root/dist holds a bundle and every file it was built from is still as it was (size and mtime, as make does). */
export function bundleIsCurrent (root: string): boolean {
  let manifest: BundleManifest
  try {
    manifest = JSON.parse(readFileSync(path.join(root, BUNDLE_DIR, MANIFEST_FILE), 'utf8')) as BundleManifest
  } catch {
    return false
  }
  if (inputState(path.join(root, BUNDLE_DIR, BUNDLE_ENTRY)) === undefined) return false
  const inputs = Object.entries(manifest.inputs ?? {})
  if (inputs.length === 0) return false
  return inputs.every(([file, then]) => {
    const now = inputState(path.join(root, file))
    return now !== undefined && now.size === then.size && now.mtimeMs === then.mtimeMs
  })
}
