// The CLI's dispatch: picks the command, prints help, and turns every failure into one line on stderr and an
// exit code (bad config 1, bad usage 2, anything else 1). src/main.ts runs it for the bin; tests call it in-process.
import { ConfigError, type Config } from '../config.ts'
import { UsageError, type Command } from './command.ts'
import { incidentCommand } from './incident.ts'
import { maintenanceCommand } from './maintenance.ts'
import { checkCommand } from './check.ts'
import { demoCommand } from './demo.ts'
import { heartbeatCommand } from './heartbeat.ts'
import { mcpCommand } from './mcp.ts'
import { migrateCommand } from './migrate.ts'
import { notifyCommand } from './notify.ts'
import { seedCommand } from './seed.ts'
import { serveCommand } from './serve.ts'

const commands: Command[] = [serveCommand, migrateCommand, incidentCommand, maintenanceCommand, heartbeatCommand, notifyCommand, checkCommand, seedCommand, demoCommand, mcpCommand]

function overview (): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return ['usage: status-api <command> [options]', '', 'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '', "Run 'status-api <command> --help' for a command's options."].join('\n')
}

/** Runs `status-api ...argv`; resolves to the exit code, or -1 while the command keeps running (serve). */
export async function runCli (argv: string[], readConfig: () => Config): Promise<number> {
  try {
    return await dispatch(argv, readConfig)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`status-api: configuration error: ${error.message}`)
      return 1
    }
    if (error instanceof UsageError) {
      console.error(`status-api: ${error.message}`)
      return 2
    }
    const code = (error as { code?: string }).code
    console.error(`status-api: ${error instanceof Error ? error.message : String(error)}${code === undefined ? '' : ` (${code})`}`)
    return 1
  }
}

async function dispatch (argv: string[], readConfig: () => Config): Promise<number> {
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
  return command.run(args, readConfig())
}
