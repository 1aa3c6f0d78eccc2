#!/usr/bin/env node
// The `status-api` bin: runs the TypeScript entry directly (Node >= 22.18 strips types natively).
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`status-api: Node.js 22.18 or newer is needed to run the TypeScript sources (this is ${process.version}); see the README`)
  process.exit(1)
}
await import('../src/main.ts')
