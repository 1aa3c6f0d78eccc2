// CLI entry: `status-api [serve | migrate | …] [--help]`. Bad config → one line, exit 1; bad usage → exit 2.
import { ConfigError, loadConfig, loadDotEnv } from './config.ts'
import { UsageError, type Command } from './cli/command.ts'
import { incidentCommand } from './cli/incident.ts'
import { maintenanceCommand } from './cli/maintenance.ts'
import { mcpCommand } from './cli/mcp.ts'
import { checkCommand } from './cli/check.ts'
import { demoCommand } from './cli/demo.ts'
import { heartbeatCommand } from './cli/heartbeat.ts'
import { migrateCommand } from './cli/migrate.ts'
import { notifyCommand } from './cli/notify.ts'
import { seedCommand } from './cli/seed.ts'
import { serveCommand } from './cli/serve.ts'
import { ensureNodeFlags, startsServer } from './node-flags.ts'

const commands: Command[] = [serveCommand, migrateCommand, incidentCommand, maintenanceCommand, heartbeatCommand, notifyCommand, checkCommand, seedCommand, demoCommand, mcpCommand]

function overview (): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return ['usage: status-api <command> [options]', '', 'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '', "Run 'status-api <command> --help' for a command's options."].join('\n')
}

async function main (argv: string[]): Promise<number> {
  // The server's V8 flags take effect only at start: without them, this process becomes one that has them.
  if (startsServer(argv)) ensureNodeFlags()
  const [first, ...rest] = argv
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(overview())
    return 0
  }
  const name = first === undefined || first.startsWith('-') ? 'serve' : first
  const args = first === undefined || first.startsWith('-') ? argv : rest
  const command = commands.find((c) => c.name === name)
  if (command === undefined) {
    console.error(`status-api: unknown command "${name}"\n\n${overview()}`)
    return 2
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage)
    return 0
  }
  loadDotEnv()
  return command.run(args, loadConfig())
}

main(process.argv.slice(2)).then((code) => {
  if (code >= 0) process.exitCode = code
}, (error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`status-api: configuration error: ${error.message}`)
    process.exitCode = 1
  } else if (error instanceof UsageError) {
    console.error(`status-api: ${error.message}`)
    process.exitCode = 2
  } else {
    const code = (error as { code?: string }).code
    console.error(`status-api: ${error instanceof Error ? error.message : String(error)}${code === undefined ? '' : ` (${code})`}`)
    process.exitCode = 1
  }
})
