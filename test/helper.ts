// Builds the app per test on the chosen stores and closes everything in t.after.
import type { TestContext } from 'node:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../src/app.ts'
import { loadConfig, type Config } from '../src/config/index.ts'
import { openContext, type Context, type ContextOptions } from '../src/context.ts'
import { DocsSite } from '../src/docs/docs-site.ts'
import { postgresSkip, sharedPostgres } from './services/postgres.ts'

export type Env = Record<string, string>

/** A temp folder removed after the test. */
export function tempDir (t: TestContext, prefix = 'status-api-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A Config as the service would read it, with test defaults: quiet logs, a temp data folder. */
export function testConfig (t: TestContext, env: Env = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: tempDir(t), RATE_LIMIT_PER_MINUTE: '0', ...env })
}

export interface TestApp {
  app: FastifyInstance
  context: Context
  config: Config
}

/** The whole app on the given environment; closed (app, background work, stores) after the test. */
export async function buildTestApp (t: TestContext, env: Env = {}, options: ContextOptions = {}, appOptions: AppOptions = {}): Promise<TestApp> {
  const config = testConfig(t, env)
  const context = await openContext(config, { migrate: true, docs: loadedDocs(config), ...options })
  const app = await buildApp(context, appOptions)
  t.after(async () => {
    // The test is over: every connection is closed rather than waited for. A browser the test has not closed yet may
    // hold a request the server is still sending, and app.close() and that browser would then wait on each other.
    const closing = app.close()
    app.server.closeAllConnections()
    await closing
    await context.close()
  })
  return { app, context, config }
}

const docsSites = new Map<string, DocsSite>()

/** The documentation for this config, loaded and indexed once per test process (it never changes once built). */
function loadedDocs (config: Config): DocsSite {
  const key = `${config.docsDir}\n${config.germanPrefix}`
  let docs = docsSites.get(key)
  if (docs === undefined) {
    docs = new DocsSite({ docsDir: config.docsDir, germanPrefix: config.germanPrefix })
    docsSites.set(key, docs)
  }
  return docs
}

export interface DatabaseBackend {
  name: 'sqlite' | 'postgres'
  /** The skip reason when this backend's server is not installed. */
  skip: string | undefined
  /** Environment for a fresh, empty database of this kind. */
  env (): Promise<Env>
}

/** The database matrix every repository and endpoint test runs over: embedded SQLite and PostgreSQL. */
export function databaseBackends (): DatabaseBackend[] {
  return [
    { name: 'sqlite', skip: undefined, env: async () => ({}) },
    {
      name: 'postgres',
      skip: postgresSkip(),
      env: async () => ({ DATABASE_URL: await (await sharedPostgres()).createDatabase() })
    }
  ]
}
