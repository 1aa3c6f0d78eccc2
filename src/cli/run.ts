// The CLI's dispatch: picks the command, prints help, and turns every failure into one line on stderr and an
// exit code (bad config 1, bad usage 2, anything else 1). src/main.ts runs it for the bin; tests call it in-process.
import { readEnvironment, type Config } from '../config/index.ts'
import { ConfigError } from '../config/values.ts'
import type { Env } from '../lib/environment.ts'
import { UsageError, type Command, type EnvironmentCommand } from './command.ts'

/**
 * Every command, listed without loading it: a command's code (and what it imports: Fastify for serve, the MCP SDK and
 * zod for mcp, the generators of seed and demo) is loaded only when that command runs or prints its help.
 */
const commands: Array<{ name: string, summary: string, load: () => Promise<Command | EnvironmentCommand> }> = [
  { name: 'serve', summary: 'run the service (default)', load: async () => (await import('./serve.ts')).serveCommand },
  { name: 'migrate', summary: 'bring the database schema up to date', load: async () => (await import('./migrate.ts')).migrateCommand },
  { name: 'incident', summary: 'open, update, resolve or list incidents', load: async () => (await import('./incident.ts')).incidentCommand },
  { name: 'maintenance', summary: 'schedule, end or list maintenance windows', load: async () => (await import('./maintenance.ts')).maintenanceCommand },
  { name: 'component', summary: 'set or clear the status of a manual component', load: async () => (await import('./component.ts')).componentCommand },
  { name: 'heartbeat', summary: 'record a bot shard\'s heartbeat (for the bot\'s processes)', load: async () => (await import('./heartbeat.ts')).heartbeatCommand },
  { name: 'shards', summary: 'forget shards the bot no longer runs', load: async () => (await import('./shards.ts')).shardsCommand },
  { name: 'token', summary: 'make a secret for the operator API (OPERATOR_TOKENS)', load: async () => (await import('./token.ts')).tokenCommand },
  { name: 'report', summary: 'a month\'s uptime report per component (md, csv or json)', load: async () => (await import('./report.ts')).reportCommand },
  { name: 'push', summary: 'record that a push component is alive (for cron jobs and workers)', load: async () => (await import('./push.ts')).pushCommand },
  { name: 'notify', summary: 'list, retry or test notifications', load: async () => (await import('./notify.ts')).notifyCommand },
  { name: 'discord', summary: 'register the slash commands in the operator guild', load: async () => (await import('./discord.ts')).discordCommand },
  { name: 'edge', summary: 'print the Varnish VCL that puts a cache in front of the public port', load: async () => (await import('./edge.ts')).edgeCommand },
  { name: 'config', summary: 'check a status file, or print its JSON Schema for editors', load: async () => (await import('./config.ts')).configCommand },
  { name: 'check', summary: 'probe a running instance (exit code for container health checks)', load: async () => (await import('./check.ts')).checkCommand },
  { name: 'seed', summary: 'write a made-up health history for demos and benchmarks', load: async () => (await import('./seed.ts')).seedCommand },
  { name: 'demo', summary: 'run the service with generated demo data (a throwaway database)', load: async () => (await import('./demo.ts')).demoCommand },
  { name: 'mcp', summary: 'an MCP server (stdio) with read-only tools over a status API', load: async () => (await import('./mcp.ts')).mcpCommand }
]

function overview (): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return ['usage: status-api <command> [options]', '', 'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '', "Run 'status-api <command> --help' for a command's options, 'status-api --version' for the version."].join('\n')
}

/**
 * Runs `status-api ...argv`; resolves to the exit code, or -1 while the command keeps running (serve). A command
 * gets the Config from `readConfig`, or (an EnvironmentCommand) the environment from `readEnv`.
 */
export async function runCli (argv: string[], readConfig: () => Config, readEnv: () => Env = readEnvironment): Promise<number> {
  try {
    return await dispatch(argv, readConfig, readEnv)
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

async function dispatch (argv: string[], readConfig: () => Config, readEnv: () => Env): Promise<number> {
  const [first, ...rest] = argv
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(overview())
    return 0
  }
  if (first === '--version' || first === '-v') {
    // The package's version, as the health answer reports it; nothing starts.
    console.log((await import('../monitor/version.ts')).VERSION)
    return 0
  }
  const name = first === undefined || first.startsWith('-') ? 'serve' : first
  const args = first === undefined || first.startsWith('-') ? argv : rest
  const entry = commands.find((c) => c.name === name)
  if (entry === undefined) {
    console.error(`status-api: unknown command "${name}"\n\n${overview()}`)
    return 2
  }
  const command = await entry.load()
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage)
    return 0
  }
  return 'runOnEnvironment' in command ? command.runOnEnvironment(args, readEnv()) : command.run(args, readConfig())
}
