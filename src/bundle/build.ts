// The bundle `npm run build` makes (src/cli/build.ts; also `npm ci`/`npm install`, via `prepare`): src/main.ts with what
// it imports from node_modules, into dist/ — one module per lazily loaded part instead of ~1,300 files — so the server
// starts in about half the time and holds ~10 MiB less (docs/en/operations.md#bundle). Writes dist/manifest.json so the
// bin can tell a stale bundle.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BUNDLE_DIR, LOCKFILES, MANIFEST_FILE, inputState, type BundleManifest } from './manifest.ts'
import { buildHeartbeatPackage } from './heartbeat-package.ts'

/** Native or loaded at run time by a computed `require` (pg, only with DATABASE_URL): left to node_modules. */
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native']

/** CommonJS modules in an ES module bundle call `require` for Node's built-ins: each chunk gets one of its own. */
const REQUIRE_BANNER = "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);"

export interface BuildResult { files: number, bytes: number, ms: number }

/** Builds root/dist from root/src/main.ts (and `extras` into the same folder), replacing what was there only once the new bundle is complete. */
export async function buildBundle (root: string, extras?: (outDir: string) => void): Promise<BuildResult> {
  const started = performance.now()
  const { build } = await import('esbuild')
  const staging = mkdtempSync(path.join(root, `${BUNDLE_DIR}.building-`))
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: ['src/main.ts'],
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node22.18',
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      external: EXTERNAL,
      banner: { js: REQUIRE_BANNER },
      // Whitespace and syntax only: names stay as written, and `node --enable-source-maps` maps a stack trace back to
      // src/ through the linked maps. Not keepNames: its __name() on every function made per request cost 20–30 % of
      // req/s (measured 2026-11-23); without it, where two modules' top-level names collide one becomes e.g. `name2`.
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: 'linked',
      sourcesContent: false,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning'
    })
    const ours = Object.keys(result.metafile.inputs).filter((file) => file.startsWith('src/'))
    const inputs: BundleManifest['inputs'] = {}
    for (const file of [...ours, ...LOCKFILES]) {
      const state = inputState(path.join(root, file))
      if (state !== undefined) inputs[file] = state
    }
    writeFileSync(path.join(staging, MANIFEST_FILE), JSON.stringify({ inputs } satisfies BundleManifest, null, 1) + '\n')
    // What else the bundle carries, made by the caller (the docs, rendered: src/cli/build.ts).
    extras?.(staging)
    // The `status-api/heartbeat` export: the reporter as plain JavaScript with declarations, for bots.
    await buildHeartbeatPackage(root, staging)
    const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.mjs'))
    replaceDirectory(staging, path.join(root, BUNDLE_DIR))
    return { files: outputs.length, bytes: outputs.reduce((sum, [, output]) => sum + output.bytes, 0), ms: performance.now() - started }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

/** Moves `from` to `to`: a process starting meanwhile finds the old bundle, the new one, or none (and runs the sources). */
function replaceDirectory (from: string, to: string): void {
  const old = `${to}.old-${process.pid}`
  try {
    renameSync(to, old)
  } catch {
    // there was none
  }
  renameSync(from, to)
  rmSync(old, { recursive: true, force: true })
}
