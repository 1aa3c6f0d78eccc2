// The operations' two implementations (src/operations/): the local ones on an instance's store and the remote ones on
// its operator API answer every write and list alike, and refuse the same input in the same words, writing nothing.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/config/index.ts'
import { openContext, type Context } from '../../src/context.ts'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { API_LABELS } from '../../src/incidents/input.ts'
import { InvalidInput } from '../../src/incidents/rules.ts'
import { localOperations, openStore } from '../../src/operations/local.ts'
import type { Operations } from '../../src/operations/operations.ts'
import { remoteOperations } from '../../src/operations/remote.ts'
import { OPERATOR_TOKENS, STATUS_FILE, TOKENS } from '../operator/operator-process.ts'

let dir: string
let context: Context
let operator: FastifyInstance
const both: Record<'local' | 'remote', Operations> = {} as never

/** What differs between two runs of the same steps: ids and times. */
function normalised (answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer), (key, value: unknown) =>
    key === 'id' && typeof value === 'number' ? '<id>' : typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value) ? '<time>' : value)
}

async function rowCounts (): Promise<Record<string, number>> {
  const { db } = context.database
  const tables = ['incidents', 'incident_updates', 'maintenances', 'manual_components', 'bot_heartbeats', 'check_results', 'notify_events'] as const
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table] = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  return counts
}

describe('local and remote operations', { timeout: 60_000 }, () => {
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-operations-'))
    const statusFile = path.join(dir, 'status.yaml')
    writeFileSync(statusFile, STATUS_FILE)
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, STATUS_FILE: statusFile, OPERATOR_PORT: '1', OPERATOR_TOKENS })
    context = await openContext(config, { migrate: true })
    operator = await buildOperatorApp(context)
    await operator.listen({ port: 0, host: '127.0.0.1' })
    // The local ones act as the operator API does for the token named ops.
    both.local = localOperations(openStore(context.database, config.status, context.clock), { labels: API_LABELS, by: 'ops' })
    both.remote = remoteOperations({ url: new URL(`http://127.0.0.1:${(operator.server.address() as AddressInfo).port}`), token: TOKENS.ops }, 'test')
  })
  after(async () => {
    await operator?.close()
    await context?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answer every write and list alike', async () => {
    const steps = async (operations: Operations) => {
      const opened = await operations.openIncident({ title: 'Music stutters', impact: 'minor', message: 'Looking.', components: ['music'] })
      const fromTemplate = await operations.openIncident({ template: 'music-down', status: 'identified' })
      const overridden = await operations.openIncident({ template: 'music-down', title: 'Music is slow', impact: 'minor', components: ['api'] })
      const updated = await operations.updateIncident(opened.id, { status: 'identified', message: 'A node.', components: ['music=major_outage', 'api'] })
      const open = (await operations.listIncidents('open')).filter((incident) => incident.id === opened.id)
      const resolved = await operations.resolveIncident(opened.id, undefined)
      const all = (await operations.listIncidents('all')).filter((incident) => incident.id === opened.id)
      const scheduled = await operations.scheduleMaintenance({ title: 'Upgrade', message: 'Brief.', from: '+1h', to: '+2h', components: ['api'] })
      const windows = (await operations.listMaintenance()).filter((window) => window.id === scheduled.id)
      const ended = await operations.endMaintenance(scheduled.id)
      const set = await operations.setComponentStatus('music', { status: 'partial_outage', message: 'Slow.' })
      const cleared = await operations.clearComponentStatus('music')
      const reported = await operations.reportHeartbeats([{ shard: 0, status: 'ready', pingMs: 40, guilds: 10, cluster: null }])
      const pushed = await operations.push('reminders', { status: 'degraded', latencyMs: 1200, message: 'Slow run.' })
      await operations.resolveIncident(fromTemplate.id, undefined)
      await operations.resolveIncident(overridden.id, undefined)
      return { opened, fromTemplate, overridden, updated, open, resolved, all, scheduled, windows, ended, set, cleared, reported, pushed }
    }
    const local = await steps(both.local)
    const remote = await steps(both.remote)
    assert.deepEqual(normalised(remote), normalised(local))
    assert.equal(local.resolved.updates[0]!.by, 'ops', 'who acted is recorded by both')
    assert.equal(local.ended.was, 'scheduled')
    assert.deepEqual([local.fromTemplate.title, local.fromTemplate.impact, local.fromTemplate.status, local.fromTemplate.components], ['Music is down', 'major', 'identified', [{ id: 'music', status: 'partial_outage' }]])
    assert.deepEqual([local.overridden.title, local.overridden.impact, local.overridden.updates[0]!.message, local.overridden.components],
      ['Music is slow', 'minor', 'Songs do not play.', [{ id: 'api', status: 'degraded_performance' }]])
  })

  it('refuse the same input in the same words, writing nothing', async () => {
    const before = await rowCounts()
    const cases: Array<[string, (operations: Operations) => Promise<unknown>]> = [
      ['impact must be one of none, minor, major, critical (got "huge")', (o) => o.openIncident({ title: 't', impact: 'huge', message: 'm' })],
      ['status resolved makes no sense for a new incident', (o) => o.openIncident({ title: 't', impact: 'minor', message: 'm', status: 'resolved' })],
      ['component "nope" is not a declared component (declared: bot, music, api, website, reminders)', (o) => o.openIncident({ title: 't', impact: 'minor', message: 'm', components: ['nope'] })],
      ['template "nope" is not a declared template (templates: music-down)', (o) => o.openIncident({ template: 'nope' })],
      ['impact must be one of none, minor, major, critical (got "huge")', (o) => o.openIncident({ template: 'music-down', impact: 'huge' })],
      ['there is no incident 999', (o) => o.updateIncident(999, { message: 'm' })],
      ['message must not be empty', (o) => o.resolveIncident(999, '')],
      ['from "tomorrow" is not a time; use', (o) => o.scheduleMaintenance({ title: 't', message: 'm', from: 'tomorrow', to: '+1h' })],
      ['to (2030-01-01T09:00:00.000Z) must be after from (2030-01-01T10:00:00.000Z)', (o) => o.scheduleMaintenance({ title: 't', message: 'm', from: '2030-01-01T10:00Z', to: '2030-01-01T09:00Z' })],
      ['there is no maintenance 999', (o) => o.endMaintenance(999)],
      ['"website" is measured by its http check', (o) => o.setComponentStatus('website', { status: 'major_outage' })],
      ['the status must be one of operational, degraded_performance, partial_outage, major_outage (got "broken")', (o) => o.setComponentStatus('music', { status: 'broken' })],
      ['"nope" is not a declared component (manual ones: music, api)', (o) => o.clearComponentStatus('nope')],
      ['status must be one of ok, degraded, down (got "sideways")', (o) => o.push('reminders', { status: 'sideways' })]
    ]
    for (const [words, operation] of cases) {
      const refusals: string[] = []
      for (const operations of [both.local, both.remote]) {
        await assert.rejects(operation(operations), (error: unknown) => {
          assert.ok(error instanceof InvalidInput, String(error))
          refusals.push(error.message)
          return true
        })
      }
      assert.ok(refusals[0]!.startsWith(words), refusals[0])
      assert.equal(refusals[1], refusals[0], 'the remote refusal is the local one')
    }
    assert.deepEqual(await rowCounts(), before, 'nothing was written')
  })
})
