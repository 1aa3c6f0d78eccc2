// `status-api serve`: open the context (migrating), build the app, listen, and shut down gracefully.
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from './app.ts'
import type { Config } from './config.ts'
import { openContext, type Context } from './context.ts'

export const SHUTDOWN_DEADLINE_MS = 10_000
/** While shutting down, connections whose last request has finished are closed this often. */
const CLOSE_IDLE_EVERY_MS = 100

export interface RunningServer {
  app: FastifyInstance
  context: Context
  /** Readiness 503 at once, drain in-flight requests, close the stores. */
  shutdown (): Promise<void>
}

export interface ServerOptions {
  app?: AppOptions
  /** Runs after the stores are open and migrated, before the first request (the demo writes its data here). */
  prepare?: (context: Context) => Promise<void>
}

export async function startServer (config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const context = await openContext(config, { migrate: true })
  let app: FastifyInstance | undefined
  try {
    await options.prepare?.(context)
    context.start()
    app = await buildApp(context, options.app)
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app?.close()
    await context.close()
    throw error
  }
  const running = app

  let stopping: Promise<void> | undefined
  const shutdown = () => {
    stopping ??= gracefulShutdown(running, context)
    return stopping
  }
  return { app: running, context, shutdown }
}

/** Readiness fails at once; the server stops accepting, lets in-flight requests finish, then the stores close. */
export async function gracefulShutdown (app: FastifyInstance, context: Context): Promise<void> {
  context.readiness.markShuttingDown()
  // Fastify closes the connections idle when closing starts; one whose request finishes later would stay open
  // until its keep-alive timeout (72 s), past the deadline: close each as it falls idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS)
  try {
    await app.close()
  } finally {
    clearInterval(closeIdle)
  }
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
