// `npm run build` (and `npm ci`/`npm install`, via `prepare`): the bundle in dist/ (src/bundle/build.ts) with the docs
// rendered into it (src/docs/prerendered.ts), so that a replica neither loads ~1,300 modules nor parses the docs at start.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildBundle, type BuildResult } from '../bundle/build.ts'
import { PRERENDERED_FILE, writePrerenderedDocs } from '../docs/prerendered.ts'

/** Builds root/dist: the bundle, and the docs of root/docs as the server renders them with the default language roots. */
export function build (root: string): Promise<BuildResult> {
  return buildBundle(root, (outDir) => {
    writePrerenderedDocs(path.join(outDir, PRERENDERED_FILE), path.join(root, 'docs'), { roots: { en: '/docs', de: '/de/docs' } })
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..', '..')
  const { files, bytes, ms } = await build(root)
  console.log(`bundle: ${files} modules, ${(bytes / 2 ** 20).toFixed(1)} MiB in dist/ (${ms.toFixed(0)} ms)`)
}
