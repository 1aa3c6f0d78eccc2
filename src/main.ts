// CLI entry: `status-api [serve | migrate | …] [--help]`; the dispatch and exit codes are in src/cli/run.ts.
import { loadConfig, loadDotEnv } from './config.ts'
import { runCli } from './cli/run.ts'
import { ensureNodeFlags, startsServer } from './node-flags.ts'

const argv = process.argv.slice(2)
// The server's V8 flags take effect only at start: without them, this process becomes one that has them.
if (startsServer(argv)) ensureNodeFlags()
void runCli(argv, () => {
  loadDotEnv()
  return loadConfig()
}).then((code) => {
  if (code >= 0) process.exitCode = code
})
