// `status-api serve`: open the context (migrating), build the app, listen, and shut down gracefully.
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from './app.ts'
import type { Config } from './config/index.ts'
import { runsBundle } from './config/project-root.ts'
import { openContext, type Context } from './context.ts'
import type { MetricsServer } from './metrics/metrics-server.ts'
import type { OperatorServer } from './http/operator/server.ts'
import { appliedNodeFlags } from './node-flags.ts'
import { startMemoryRelease, type MemoryRelease } from './lib/memory-release.ts'

const SHUTDOWN_DEADLINE_MS = 10_000

export interface RunningServer {
  app: FastifyInstance
  context: Context
  /** The private Prometheus listener, when METRICS_PORT is set. */
  metricsServer: MetricsServer | undefined
  /** The operator API's listener, when OPERATOR_PORT is set. */
  operatorServer: OperatorServer | undefined
  /** Collections that give start-up's and load's spare memory back once the server is quiet. */
  memoryRelease: MemoryRelease
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
  let metricsServer: MetricsServer | undefined
  let operatorServer: OperatorServer | undefined
  try {
    await options.prepare?.(context)
    context.start()
    app = await buildApp(context, options.app)
    await app.listen({ port: config.port, host: config.host })
    if (context.metrics !== undefined) {
      // Loaded only with METRICS_PORT, like prom-client (its node:http import alone costs ~40 ms: src/api/problems.ts).
      const { startMetricsServer } = await import('./metrics/metrics-server.ts')
      metricsServer = await startMetricsServer(context.metrics, { port: config.metricsPort!, host: config.metricsHost })
    }
    if (config.operatorPort !== undefined) {
      // Loaded only with OPERATOR_PORT: a service without it carries none of the operator API.
      const { startOperatorServer } = await import('./http/operator/server.ts')
      operatorServer = await startOperatorServer(context, { port: config.operatorPort, host: config.operatorHost })
    }
  } catch (error) {
    await operatorServer?.close()
    await metricsServer?.close()
    await app?.close()
    await context.close()
    throw error
  }
  const running = app
  // The server answers: the docs search index is built now, a few sections per turn of the event loop. Then start-up is over:
  // what it allocated and no longer needs goes back (and what its late work, the first probe round and upstream fetch,
  // leaves goes back at the first quiet moment), not at some later full collection.
  const memoryRelease = startMemoryRelease()
  void context.docs.indexInBackground()
    .catch((error: unknown) => context.logger.error({ err: error }, 'docs search index not built in the background'))
    .then(() => memoryRelease.releaseNow())

  let stopping: Promise<void> | undefined
  const shutdown = () => {
    memoryRelease.stop()
    // The operator listener stops taking changes first; the public one drains, then the stores close.
    stopping ??= (operatorServer?.close() ?? Promise.resolve())
      .then(() => Promise.all([gracefulShutdown(running, context), metricsServer?.close()])).then(() => undefined)
    return stopping
  }
  return { app: running, context, metricsServer, operatorServer, memoryRelease, shutdown }
}

/** Readiness fails at once; the server stops accepting, lets in-flight requests finish, then the stores close. */
export async function gracefulShutdown (app: FastifyInstance, context: Context): Promise<void> {
  context.readiness.markShuttingDown()
  await app.close()
  await context.close()
}

/**
 * SIGTERM/SIGINT: graceful shutdown within the deadline, then `afterShutdown` (the demo removes its temporary folder),
 * then exit; a second signal exits at once.
 */
export function handleSignals (server: RunningServer, afterShutdown: () => void = () => {}): void {
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
    const cleanUp = () => {
      try {
        afterShutdown()
      } catch (error) {
        server.context.logger.error({ err: error }, 'clean-up after shutdown failed')
      }
    }
    server.shutdown().then(() => { cleanUp(); process.exit(0) }, () => { cleanUp(); process.exit(1) })
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
  server.context.logger.info({ nodeFlags: appliedNodeFlags(), code: runsBundle ? 'bundle' : 'sources' }, 'serving') // pino adds the pid
}
