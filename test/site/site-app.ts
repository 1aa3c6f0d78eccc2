// The site on its own: the shared HTTP conventions, the site routes over a FixtureStatus and the assets (and, for
// browser tests, the four status endpoints served from the same fixture). The real app is tested in integration.test.ts.
import type { TestContext } from 'node:test'
import Fastify from 'fastify'
import conventions from '../../src/http/conventions.ts'
import { notFoundPages } from '../../src/http/not-found-page.ts'
import assetRoutes from '../../src/http/routes/assets.ts'
import siteRoutes from '../../src/http/routes/site.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { renderNotFoundPage } from '../../src/site/not-found-page.ts'
import { testConfig, type Env } from '../helper.ts'
import { fakeStatusApi } from './fake-api.ts'
import { FixtureStatus, NOW } from './fixtures.ts'
import type { StatusDeclaration } from '../../src/declaration/declaration.ts'

export interface SiteAppOptions {
  env?: Env
  refreshSeconds?: number
  notice?: string
  /** Also serve the status endpoints from the fixture. */
  api?: boolean
  /** The status file's declaration (config.status); the built-in model when not given. */
  declaration?: StatusDeclaration
}

export async function buildSiteApp (t: TestContext, options: SiteAppOptions = {}) {
  const clock = new ManualClock(NOW)
  const config = testConfig(t, options.env ?? {})
  if (options.declaration !== undefined) config.status = options.declaration
  // Close the browser's keep-alive connections with the app, or closing waits on them.
  const app = Fastify({ forceCloseConnections: true })
  t.after(() => app.close())
  const fixture = new FixtureStatus()
  const apiCalls: Record<string, number> = {}
  await app.register(conventions, {
    staging: config.deployEnv === 'staging',
    notFoundPage: notFoundPages((lang) => renderNotFoundPage({ lang, germanPrefix: config.germanPrefix, notice: options.notice }), config.germanPrefix, config.languages)
  })
  await app.register(siteRoutes, {
    config, source: fixture, clock, germanPrefix: config.germanPrefix, refreshSeconds: options.refreshSeconds, notice: options.notice
  })
  await app.register(assetRoutes)
  if (options.api === true) await app.register(fakeStatusApi(fixture, apiCalls))
  return { app, config, fixture, clock, apiCalls }
}
