#!/usr/bin/env node
// The `status-api` bin: runs the TypeScript entry directly (Node >= 22.18 strips types natively). The server runs with
// the V8 flags of src/node-flags.ts however it is started; from here, the process replaces itself with one that has them
// before the CLI is even loaded (docs/en/operations.md#node-flags). It runs the bundle in dist/ (`npm run build`, run by
// `npm ci`) when that was built from the sources as they are, else the sources themselves (docs/en/operations.md#bundle).
// Node's compile cache is on from the first line: with it, no code is compiled (nor TypeScript stripped) twice
// (docs/en/operations.md#compile-cache).
import module from 'node:module'
import { fileURLToPath } from 'node:url'
try {
  module.enableCompileCache?.() // NODE_COMPILE_CACHE, else <os.tmpdir()>/node-compile-cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off
} catch {
  // a cache that cannot be used only costs start-up time: it never stops the start
}
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`status-api: Node.js 22.18 or newer is needed to run the TypeScript sources (this is ${process.version}); see the README`)
  process.exit(1)
}
const { ensureNodeFlags, startsServer } = await import('../src/node-flags.ts')
if (startsServer(process.argv.slice(2))) ensureNodeFlags()
const { BUNDLE_DIR, BUNDLE_ENTRY, bundleIsCurrent } = await import('../src/bundle/manifest.ts')
const root = new URL('..', import.meta.url)
await import(bundleIsCurrent(fileURLToPath(root)) ? new URL(`${BUNDLE_DIR}/${BUNDLE_ENTRY}`, root).href : '../src/main.ts')
