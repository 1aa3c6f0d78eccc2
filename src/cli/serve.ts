// `status-api serve`: run the HTTP server and the background monitor until SIGTERM/SIGINT.
import { flushCompileCache } from '../node-flags.ts'
import type { Command } from './command.ts'
import { parseCommandLine } from './options.ts'

export const serveCommand: Command = {
  name: 'serve',
  usage: `status-api serve

Runs the HTTP server on HOST:PORT, migrating the database first. Configuration comes from the
environment (and ./.env); see the README. SIGTERM or SIGINT shuts down gracefully within 10 s.`,
  async run (args, config) {
    parseCommandLine('serve', args, []) // it takes no options: a mistyped one is refused (exit 2), not ignored
    // Loaded only here, so the other subcommands start without Fastify.
    const { handleSignals, startServer } = await import('../server.ts')
    const server = await startServer(config)
    handleSignals(server)
    flushCompileCache() // a server is often stopped by a signal, never reaching the flush at exit
    return -1 // keep running
  }
}
