// CLI entry: `status-api [serve | migrate | …] [--help]`; the dispatch and exit codes are in src/cli/run.ts.
import { enableCompileCache, ensureNodeFlags, startsServer } from './node-flags.ts'

// Started as `node src/main.ts` (not through the bin): the modules loaded from here on come from the compile cache.
enableCompileCache()
const argv = process.argv.slice(2)
// The server's V8 flags take effect only at start: without them, this process becomes one that has them.
if (startsServer(argv)) ensureNodeFlags()
// Loaded after both, so that the process that replaces itself loads nothing more, and everything else is cached.
const { loadConfig, loadDotEnv } = await import('./config/index.ts')
const { runCli } = await import('./cli/run.ts')
void runCli(argv, () => {
  loadDotEnv()
  return loadConfig()
}).then((code) => {
  if (code >= 0) process.exitCode = code
})
