// PostgreSQL killed while the service runs: health goes down and recovers, and the two `status.changed` events,
// kept in memory while the database was away, are delivered after it returns, in order. (Two minutes in the issue;
// seconds here: the hold time is shortened through the options, the mechanism is the same.)
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp } from '../helper.ts'
import { postgresSkip, startPostgres, type PostgresServer } from '../services/postgres.ts'
import { startTogether } from '../services/start-together.ts'
import { eventually } from '../fault/steady-load.ts'
import { WebhookReceiver } from './receivers.ts'

describe('status.changed across a PostgreSQL outage', { skip: postgresSkip() }, () => {
  let postgres: PostgresServer
  let webhook: WebhookReceiver

  before(async () => {
    ;[postgres, webhook] = await startTogether(startPostgres(), WebhookReceiver.start())
  })

  after(async () => {
    await webhook?.close()
    postgres?.destroy()
  })

  it('is announced after the database answers again: ok → down, then down → ok', async (t) => {
    const { context } = await buildTestApp(t, {
      DATABASE_URL: await postgres.createDatabase(), PROBE_INTERVAL_SECONDS: '1', PUBLIC_BASE_URL: 'https://status.example.com',
      NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret
    }, { notify: { pollMs: 50, timeoutMs: 1000, backoffBaseMs: 100, backoffMaxMs: 500, statusHoldMs: 1500 } })
    context.start()
    const overall = () => context.monitor.health()?.value.status
    await eventually('the baseline held', 10_000, async () => (await context.database.db.selectFrom('notify_status').select('status').executeTakeFirst())?.status === 'ok')

    // The test server runs with synchronous_commit=off: a commit reaches the WAL on disk within ~600 ms, and kill -9
    // loses what has not. Let the baseline get there, as it would have on a server that had been up for a while.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    postgres.kill()
    await eventually('health down', 10_000, async () => overall() === 'down')
    await new Promise((resolve) => setTimeout(resolve, 3000)) // held past the hold time, with the database still away
    assert.equal(webhook.verified.length, 0, 'nothing can be written or sent yet')
    postgres.start()
    await eventually('health ok again', 20_000, async () => overall() === 'ok')
    await eventually('both changes delivered', 20_000, async () => webhook.verified.length >= 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.deepEqual(webhook.verified.map((m) => [m.type, (m.data.status as { from: string, to: string }).from, (m.data.status as { to: string }).to]), [
      ['status.changed', 'ok', 'down'], ['status.changed', 'down', 'ok']
    ])
    const [down, up] = webhook.verified.map((m) => Date.parse((m.data.status as { since: string }).since))
    assert.ok(up! - down! >= 3000, 'each change carries the time it was first seen, not the time it was written')
    assert.equal(webhook.verified[0]!.data.links!.status, 'https://status.example.com/status')
  })
})
