// Answers within Discord's 3 s while the database is slow: another process holds SQLite's write lock for 5 s, and the
// command answers deferred (type 5, ephemeral) at once, then edits its answer with PATCH @original when the write is
// done — or, when the wait for the lock is over first, with the honest cause.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { holdWriteLock } from '../services/sqlite-locker.ts'
import { APPLICATION_ID } from './discord-stand-in.ts'
import { discordSetup } from './setup.ts'

const original = (token: string) => (call: { method: string, path: string }) =>
  call.method === 'PATCH' && call.path === `/api/v10/webhooks/${APPLICATION_ID}/${encodeURIComponent(token)}/messages/@original`

describe('Discord answers while the database is locked', () => {
  it('a lock held 5 s: the answer is deferred within 3 s and the follow-up PATCH reports the write once the lock is gone', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const lock = await holdWriteLock(setup.databaseFile, 5000)
    const lockedAt = performance.now()
    const interaction = standIn.command('incident', 'open', { impact: 'major', title: 'Slow replies', message: 'Commands answer late.' })
    const answer = await send(interaction)
    assert.ok(answer.tookMs < 3000, `answered after ${Math.round(answer.tookMs)} ms`)
    assert.deepEqual(answer.body, { type: 5, data: { flags: 64 } })

    const edit = await standIn.call(original(interaction.token as string))
    assert.ok(performance.now() - lockedAt >= 4500, 'the write waited for the lock')
    const body = JSON.parse(edit.body) as { content: string, flags: number, allowed_mentions: unknown }
    assert.equal(body.content, 'Incident 1 opened (major, investigating). https://status.example.com/status/incidents/1')
    assert.equal(body.flags, 64)
    assert.deepEqual(body.allowed_mentions, { parse: [] })
    await lock.released
    const incidents = (await setup.app.inject('/api/v1/health/incidents')).json() as { incidents: Array<{ title: string }> }
    assert.deepEqual(incidents.incidents.map((incident) => incident.title), ['Slow replies'])
  })

  it('a lock held longer than the command waits: the follow-up says honestly that nothing was written, in German too', async (t) => {
    const setup = await discordSetup(t, { busyWaitMs: 2500 })
    const { standIn, send } = setup
    const lock = await holdWriteLock(setup.databaseFile, 5000)
    const interaction = standIn.command('maintenance', 'schedule', { title: 'Upgrade', message: 'm', from: 'now', to: '+1h' }, { locale: 'de' })
    const answer = await send(interaction)
    assert.ok(answer.tookMs < 3000)
    assert.equal(answer.body.type, 5)
    const edit = await standIn.call(original(interaction.token as string))
    assert.equal(JSON.parse(edit.body).content, 'Es wurde nichts geschrieben: die Datenbank ist belegt: ein anderer Prozess hält ihre Schreibsperre')
    await lock.released
    const incidents = (await setup.app.inject('/api/v1/health/incidents')).json() as { maintenance: unknown, upcoming?: unknown[] }
    assert.equal(incidents.maintenance, null, 'nothing was written')
  })
})
