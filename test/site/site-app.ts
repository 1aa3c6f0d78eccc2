// The whole app with the site routes over a FixtureStatus (and, for browser tests, the fake status API).
import type { TestContext } from 'node:test'
import siteRoutes from '../../src/http/routes/site.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, type Env } from '../helper.ts'
import { fakeStatusApi } from './fake-api.ts'
import { FixtureStatus, NOW } from './fixtures.ts'

export interface SiteAppOptions {
  env?: Env
  refreshSeconds?: number
  notice?: string
  /** Also serve the four status endpoints from the fixture (the real ones come from other modules). */
  api?: boolean
}

export async function buildSiteApp (t: TestContext, options: SiteAppOptions = {}) {
  const clock = new ManualClock(NOW)
  const testApp = await buildTestApp(t, options.env ?? {}, { clock })
  const fixture = new FixtureStatus()
  const apiCalls: Record<string, number> = {}
  await testApp.app.register(siteRoutes, {
    source: fixture, clock, germanPrefix: testApp.config.germanPrefix, refreshSeconds: options.refreshSeconds, notice: options.notice
  })
  if (options.api === true) await testApp.app.register(fakeStatusApi(fixture, apiCalls))
  return { ...testApp, fixture, clock, apiCalls }
}
