// A replica starting while PostgreSQL is away, as a real `status-api serve`: it does not exit; it serves liveness,
// health `down` and readiness 503 (which keeps it out of an orchestrator's rotation, not a load balancer's), and
// migrates and turns ok by itself when the database comes.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { HealthBody } from '../../src/api/health.ts'
import { startApp } from '../services/app-process.ts'
import { postgresSkip, startPostgres } from '../services/postgres.ts'
import { eventually, jsonOf, statusOf } from './steady-load.ts'

describe('starting while the database is away', { skip: postgresSkip() }, () => {
  it('serves liveness, health down, readiness 503; migrates and turns ok when PostgreSQL starts', async (t) => {
    const server = await startPostgres()
    t.after(() => server.destroy())
    const url = await server.createDatabase()
    server.stop()

    const app = await startApp({ DATABASE_URL: url, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    assert.equal(await statusOf(`${app.url}/api/v1/liveness`), 200)
    await eventually('health down', 5000, async () => (await jsonOf<HealthBody>(`${app.url}/api/v1/health`)).components.database.status === 'down')
    assert.equal(await statusOf(`${app.url}/api/v1/health`), 503)
    assert.equal(await statusOf(`${app.url}/api/v1/readiness`), 503)
    assert.ok([200, 503].includes(await statusOf(`${app.url}/api/v1/health/incidents`)), 'incidents: what is known, or a designed 503')
    assert.equal(await statusOf(`${app.url}/status`), 200, 'the status page is served')
    assert.equal(await statusOf(`${app.url}/api/v1/health/history`), 503, 'no history yet: a designed 503')

    server.start()
    await eventually('ready and ok once the database is there', 10_000, async () =>
      await statusOf(`${app.url}/api/v1/readiness`) === 200 && (await jsonOf<HealthBody>(`${app.url}/api/v1/health`)).components.database.status === 'ok')
    await eventually('history served, with the minute the database was away', 5000, async () => {
      const response = await fetch(`${app.url}/api/v1/health/history`)
      if (response.status !== 200) return false
      const body = await response.json() as { checks: Array<{ components: { database: string } }> }
      return body.checks.some((check) => check.components.database === 'down')
    })
    assert.equal(app.exited, false)
  })
})
