// CLI entry: `status-api [serve | migrate | …] [--help]`; the dispatch and exit codes are in src/cli/run.ts.
import { loadConfig, loadDotEnv } from './config.ts'
import { runCli } from './cli/run.ts'

void runCli(process.argv.slice(2), () => {
  loadDotEnv()
  return loadConfig()
}).then((code) => {
  if (code >= 0) process.exitCode = code
})
