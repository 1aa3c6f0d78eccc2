// Where the project lies on disk, and whether this process runs the bundle or the TypeScript sources.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const codeDir = path.dirname(fileURLToPath(import.meta.url))
/** True when this process runs the bundle in dist/ rather than the TypeScript sources (docs/en/operations.md#bundle). */
export const runsBundle = path.basename(codeDir) === 'dist'
/** The project's root: this file's folder is src/config/ or, bundled, dist/ (src/bundle/build.ts). */
export const projectRoot = path.resolve(codeDir, runsBundle ? '..' : '../..')
