// The `status-api/heartbeat` export (docs/en/architecture.md#operator-api): the reporter built into plain JavaScript with type declarations in
// dist/heartbeat/, so a bot imports it from node_modules with plain Node. The HTTP reporter needs nothing beyond Node;
// the database option's code is a chunk of its own, loaded only when that option is used.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type TypeScript from 'typescript'

/** Below the bundle folder; package.json's exports point at HEARTBEAT_DIR/bot/heartbeat-reporter.{mjs,d.ts}. */
const HEARTBEAT_DIR = 'heartbeat'
const ENTRY = 'src/bot/heartbeat-reporter.ts'

/** Native, or loaded by pg at run time: left to node_modules (they are dependencies of the package). */
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native']

/** Builds the reporter into `outDir` (the bundle's staging folder): JavaScript, then the declarations when TypeScript is installed. */
export async function buildHeartbeatPackage (root: string, outDir: string): Promise<{ declarations: boolean }> {
  const { build } = await import('esbuild')
  const target = path.join(outDir, HEARTBEAT_DIR)
  await build({
    absWorkingDir: root,
    entryPoints: { 'bot/heartbeat-reporter': ENTRY },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.18',
    outdir: target,
    outExtension: { '.js': '.mjs' },
    external: EXTERNAL,
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning'
  })
  return { declarations: await emitDeclarations(root, target) }
}

/**
 * The .d.ts of the entry and what it names, below `target` as under src/ (`<target>/bot/heartbeat-reporter.d.ts`). TypeScript is
 * a development dependency: an install without it (npm ci --omit=dev) builds the JavaScript only.
 */
async function emitDeclarations (root: string, target: string): Promise<boolean> {
  let ts: typeof TypeScript
  try {
    ts = (await import('typescript')).default
  } catch {
    return false
  }
  const program = ts.createProgram([path.join(root, ENTRY)], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: path.join(root, 'src'),
    outDir: target
  })
  const result = program.emit()
  if (result.emitSkipped) throw new Error('the heartbeat reporter\'s type declarations could not be emitted')
  // The sources import each other as `./x.ts`; declarations are found as `./x.js` → x.d.ts.
  for (const file of listDeclarations(target)) {
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'))
  }
  return true
}

function listDeclarations (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
}
