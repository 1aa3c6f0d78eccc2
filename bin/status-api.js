#!/usr/bin/env node
// The `status-api` bin: runs the TypeScript entry directly (Node >= 22.18 strips types natively). The server runs with
// the V8 flags of src/node-flags.ts however it is started; from here, the process replaces itself with one that has them
// before the CLI is even loaded (docs/en/operations.md#node-flags). Node's compile cache is on from the first line:
// with it, the TypeScript sources are not stripped again (nor its wasm stripper loaded) on each start
// (docs/en/operations.md#compile-cache).
import module from 'node:module'
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
await import('../src/main.ts')
