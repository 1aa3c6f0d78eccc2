// `status-api notify test` against real loopback receivers, and the notification settings refused at start with one
// line that names the variable but never echoes a URL (it holds the token).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Webhook } from 'standardwebhooks'
import { tempDir } from '../helper.ts'
import { DiscordReceiver, WebhookReceiver } from '../notify/receivers.ts'
import { runBinWith } from './run-bin.ts'

describe('status-api notify', () => {
  it('test: sends a test message to every target and reports each, exit 1 when one failed; no URL or token printed', async (t) => {
    const [discord, webhook, broken] = await Promise.all([DiscordReceiver.start(), WebhookReceiver.start(), WebhookReceiver.start()])
    t.after(() => Promise.all([discord.close(), webhook.close(), broken.close()]))
    broken.script.push({ kind: 'status', status: 500 })
    const brokenUrl = broken.url.replace('hook-secret-key', 'other-secret-key')
    const env = {
      DATA_DIR: tempDir(t), PUBLIC_BASE_URL: 'https://status.example.com',
      NOTIFY_DISCORD_WEBHOOKS: discord.url, NOTIFY_WEBHOOKS: `${webhook.url},${brokenUrl}`, NOTIFY_WEBHOOK_SECRET: webhook.secret
    }
    const result = await runBinWith(env, ['notify', 'test'])
    assert.equal(result.code, 1, result.stderr)
    const lines = result.stdout.trim().split('\n')
    assert.equal(lines.length, 3)
    assert.match(lines[0]!, /^discord:[0-9a-f]{12} \(NOTIFY_DISCORD_WEBHOOKS #1\): delivered \(\d+ ms\)$/)
    assert.match(lines[1]!, /^webhook:[0-9a-f]{12} \(NOTIFY_WEBHOOKS #1\): delivered/)
    assert.match(lines[2]!, /^webhook:[0-9a-f]{12} \(NOTIFY_WEBHOOKS #2\): failed: http 500/)
    assert.equal(discord.messages.size, 1)
    assert.equal([...discord.messages.values()][0]!.embeds[0]!.title, 'Test notification')
    assert.equal(webhook.verified.length, 1)
    assert.equal(webhook.verified[0]!.type, 'test')
    assert.ok(webhook.verified[0]!.id.startsWith('test_'))
    // The receiver's check is the package's; a wrong secret must fail it too (the check can fail).
    const request = webhook.requests[0]!
    assert.throws(() => new Webhook('whsec_' + Buffer.from('another secret, also long enough!!').toString('base64')).verify(request.body, request.headers as Record<string, string>))
    for (const secret of [discord.token, 'hook-secret-key', 'other-secret-key']) {
      assert.ok(!(result.stdout + result.stderr).includes(secret), `printed ${secret}`)
    }
  })

  it('test without targets says so; bad settings stop with one line naming the variable, never the URL', async (t) => {
    const dir = tempDir(t)
    const none = await runBinWith({ DATA_DIR: dir }, ['notify', 'test'])
    assert.equal(none.code, 1)
    assert.match(none.stderr, /no targets configured/)
    const secretUrl = 'https://discord.com/api/webhooks/123456789012345678/SECRET-token_value'
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ NOTIFY_DISCORD_WEBHOOKS: secretUrl }, /PUBLIC_BASE_URL when NOTIFY_DISCORD_WEBHOOKS or NOTIFY_WEBHOOKS is set/],
      [{ NOTIFY_DISCORD_WEBHOOKS: `${secretUrl},https://example.com/SECRET-token_value`, PUBLIC_BASE_URL: 'https://s.example.com' }, /NOTIFY_DISCORD_WEBHOOKS: entry 2 is not a Discord webhook URL/],
      [{ NOTIFY_WEBHOOKS: 'https://hooks.example.com/SECRET-token_value', PUBLIC_BASE_URL: 'https://s.example.com' }, /NOTIFY_WEBHOOKS needs NOTIFY_WEBHOOK_SECRET/],
      [{ NOTIFY_WEBHOOK_SECRET: 'SECRET-token_value' }, /NOTIFY_WEBHOOK_SECRET must be whsec_/],
      [{ NOTIFY_DISCORD_MENTION: 'somebody' }, /NOTIFY_DISCORD_MENTION must be a role id/]
    ]
    const results = await Promise.all(cases.map(([env]) => runBinWith({ DATA_DIR: dir, ...env }, ['notify', 'list'])))
    for (const [index, [env, pattern]] of cases.entries()) {
      const result = results[index]!
      assert.equal(result.code, 1, JSON.stringify(env))
      const lines = result.stderr.trim().split('\n')
      assert.equal(lines.length, 1, result.stderr)
      assert.match(lines[0]!, pattern)
      assert.ok(!result.stderr.includes('SECRET-token_value'))
    }
  })

  it('list and retry refuse bad input with exit code 2; an empty outbox says so', async (t) => {
    const env = { DATA_DIR: tempDir(t) }
    assert.equal((await runBinWith(env, ['migrate'])).code, 0)
    const [empty, failed, badState, badLimit, badId, missing] = await Promise.all([
      runBinWith(env, ['notify', 'list']),
      runBinWith(env, ['notify', 'list', '--state', 'failed']),
      runBinWith(env, ['notify', 'list', '--state', 'lost']),
      runBinWith(env, ['notify', 'list', '--limit', '0']),
      runBinWith(env, ['notify', 'retry', 'abc']),
      runBinWith(env, ['notify', 'retry', '5'])
    ])
    assert.deepEqual([empty.code, empty.stdout.trim()], [0, 'no notification deliveries'])
    assert.deepEqual([failed.code, failed.stdout.trim()], [0, 'no failed deliveries'])
    assert.match(badState.stderr, /^status-api: notify list: --state must be one of pending, delivered, failed\n$/)
    assert.match(badLimit.stderr, /--limit must be a whole number/)
    assert.match(badId.stderr, /"abc" is not a valid delivery id/)
    assert.match(missing.stderr, /^status-api: notify retry: there is no delivery 5\n$/)
    for (const result of [badState, badLimit, badId, missing]) assert.equal(result.code, 2)
  })
})
