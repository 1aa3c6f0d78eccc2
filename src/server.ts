// `status-api serve`: open the context (migrating), build the app, listen, and shut down gracefully.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { openContext, type Context } from './context.ts'

export const SHUTDOWN_DEADLINE_MS = 10_000

export interface RunningServer {
  app: FastifyInstance
  context: Context
  /** Readiness 503 at once, drain in-flight requests, close the stores. */
  shutdown (): Promise<void>
}

export async function startServer (config: Config): Promise<RunningServer> {
  const context = await openContext(config, { migrate: true })
  const app = await buildApp(context)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await context.close()
    throw error
  }

  let stopping: Promise<void> | undefined
  const shutdown = () => {
    stopping ??= gracefulShutdown(app, context)
    return stopping
  }
  return { app, context, shutdown }
}

/** Readiness fails at once; the server stops accepting, lets in-flight requests finish, then the stores close. */
export async function gracefulShutdown (app: FastifyInstance, context: Context): Promise<void> {
  context.readiness.markShuttingDown()
  await app.close()
  await context.close()
}

/** SIGTERM/SIGINT: graceful shutdown within the deadline; a second signal exits at once. */
export function handleSignals (server: RunningServer): void {
  let signalled = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1)
    signalled = true
    server.context.logger.info({ signal }, 'shutting down')
    const deadline = setTimeout(() => {
      server.context.logger.error('shutdown deadline passed; exiting')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    deadline.unref()
    server.shutdown().then(() => process.exit(0), () => process.exit(1))
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}
