// `status-api serve`: run the HTTP server and the background monitor until SIGTERM/SIGINT.
import type { Command } from './command.ts'

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the service (default)',
  usage: `status-api serve

Runs the HTTP server on HOST:PORT, migrating the database first. Configuration comes from the
environment (and ./.env); see the README. SIGTERM or SIGINT shuts down gracefully within 10 s.`,
  async run (_args, config) {
    // Loaded only here, so the other subcommands start without Fastify.
    const { handleSignals, startServer } = await import('../server.ts')
    const server = await startServer(config)
    handleSignals(server)
    return -1 // keep running
  }
}
