#!/usr/bin/env -S node --max-semi-space-size=8 --no-allocation-site-pretenuring
// The `status-api` bin: runs the TypeScript entry directly (Node >= 22.18 strips types natively), with two V8 flags
// whose effect was measured (docs/en/operations.md#node-flags): 8 MiB semi-spaces (the young generation's halves)
// instead of the 32 MiB V8 grows them to keep small requests in warm memory, and without allocation-site
// pretenuring no process falls into collecting its old generation every second under load (3 of 14 did, serving
// 25–40 % fewer requests).
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`status-api: Node.js 22.18 or newer is needed to run the TypeScript sources (this is ${process.version}); see the README`)
  process.exit(1)
}
await import('../src/main.ts')
