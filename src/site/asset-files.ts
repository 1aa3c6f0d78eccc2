// The site's own files under /assets/ (src/site/assets, the view's browser modules in src/view and their words in src/locales), read once: each
// is served under its plain name and under a name carrying its content's hash (`status.3f2a9c0d1e7b.js`), which pages
// link to and which can be cached for a year. A module's imports of its siblings name their hashed files, so a
// module's hash changes when anything it loads changes.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../config/project-root.ts'

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8'
}

const LOCALES_DIR = path.join(projectRoot, 'src', 'locales')
const ASSETS_DIRS = [path.join(projectRoot, 'src', 'site', 'assets'), path.join(projectRoot, 'src', 'view'), LOCALES_DIR]

/**
 * The sections of a language's words no page's script shows (Discord's commands, answers and refusals; the
 * notifications'; the feeds', calendar's and /status.md's; the builtins' names, which the API bodies carry):
 * the browser gets each file without them, about a quarter of its bytes.
 */
const SERVER_ONLY_WORDS = ['discord', 'notify', 'publish', 'builtin']

function browserWords (bytes: Buffer): Buffer {
  const words = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>
  for (const section of SERVER_ONLY_WORDS) delete words[section]
  return Buffer.from(JSON.stringify(words))
}

/**
 * A sibling module imported by a relative name: `from './status-format.js'`, `import './x.js'`, or a language's words
 * from `'../locales/fr.json'` (served beside the view's modules, under /assets/ too).
 */
const SIBLING_IMPORT = /(\bfrom\s*|\bimport\s*)(['"])(?:\.\/([\w.-]+\.js)|\.\.\/locales\/([\w-]+\.json))\2/g

export interface AssetFile {
  /** The plain name (`status.js`). */
  name: string
  /** The name with the content's hash (`status.3f2a9c0d1e7b.js`). */
  hashedName: string
  type: string
  bytes: Buffer
}

let loaded: Map<string, AssetFile> | undefined

/** Every asset by its plain name. */
export function assetFiles (): Map<string, AssetFile> {
  loaded ??= loadAssetFiles(ASSETS_DIRS)
  return loaded
}

/** The address a page links an asset by: its hashed name. Throws for a name that is no asset (a typo in a page). */
export function assetPath (name: string): string {
  const file = assetFiles().get(name)
  if (file === undefined) throw new Error(`no asset is named ${name}`)
  return `/assets/${file.hashedName}`
}

function loadAssetFiles (dirs: string[]): Map<string, AssetFile> {
  const sources = new Map<string, { type: string, bytes: Buffer }>()
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      const type = TYPES[path.extname(name)]
      if (type === undefined) continue
      if (sources.has(name)) throw new Error(`two assets are named ${name}: src/site/assets, src/view and src/locales share /assets/`)
      const bytes = readFileSync(path.join(dir, name))
      sources.set(name, { type, bytes: dir === LOCALES_DIR ? browserWords(bytes) : bytes })
    }
  }
  const files = new Map<string, AssetFile>()
  const resolving = new Set<string>()
  const resolve = (name: string): AssetFile => {
    const done = files.get(name)
    if (done !== undefined) return done
    const source = sources.get(name)
    if (source === undefined) throw new Error(`an asset imports ${name}, which is no asset`)
    if (resolving.has(name)) throw new Error(`assets import each other in a cycle through ${name}`)
    resolving.add(name)
    const bytes = path.extname(name) === '.js'
      ? Buffer.from(source.bytes.toString('utf8').replace(SIBLING_IMPORT, (_, keyword: string, quote: string, sibling: string | undefined, words: string | undefined) =>
        `${keyword}${quote}./${resolve((sibling ?? words)!).hashedName}${quote}`))
      : source.bytes
    resolving.delete(name)
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
    const extension = path.extname(name)
    const file = { name, hashedName: `${name.slice(0, -extension.length)}.${hash}${extension}`, type: source.type, bytes }
    files.set(name, file)
    return file
  }
  for (const name of sources.keys()) resolve(name)
  return files
}
