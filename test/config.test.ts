// Config: defaults, every kind of bad value, and the one-line exit of the CLI on a bad setting.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { loadConfig } from '../src/config/index.ts'
import { ConfigError } from '../src/config/values.ts'

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    assert.equal(config.port, 3000)
    assert.equal(config.host, '127.0.0.1')
    assert.equal(config.deployEnv, 'production')
    assert.equal(config.databaseUrl, undefined)
    assert.equal(config.redisUrl, undefined)
    assert.equal(config.discordStatusUrl.href, 'https://discordstatus.com/api/v2/summary.json')
    assert.equal(config.botHeartbeatTimeoutSeconds, 90)
    assert.equal(config.probeIntervalSeconds, 15)
    assert.equal(config.germanPrefix, '/de')
    assert.equal(config.trustProxy, false)
    assert.equal(config.rateLimitPerMinute, 600)
    assert.equal(config.logLevel, 'info')
    assert.ok(config.dataDir.endsWith('/data'))
    assert.equal(config.metricsPort, undefined)
    assert.equal(config.metricsHost, '127.0.0.1')
  })

  it('reads the metrics listener', () => {
    const config = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })
    assert.equal(config.metricsPort, 9464)
    assert.equal(config.metricsHost, '0.0.0.0')
    assert.throws(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' }), (error: unknown) =>
      error instanceof ConfigError && error.message.startsWith('METRICS_PORT must differ from PORT'))
  })

  it('reads valid values', () => {
    const config = loadConfig({
      PORT: '8080', DEPLOY_ENV: 'staging', DATABASE_URL: 'postgres://u:p@db/status', REDIS_URL: 'redis://cache:6379',
      PUBLIC_BASE_URL: 'https://status.example.com', TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0', GERMAN_PREFIX: '/DE'
    })
    assert.equal(config.port, 8080)
    assert.equal(config.deployEnv, 'staging')
    assert.equal(config.publicBaseUrl?.origin, 'https://status.example.com')
    assert.equal(config.trustProxy, 1)
    assert.equal(config.rateLimitPerMinute, 0)
    assert.equal(config.germanPrefix, '/de')
  })

  const bad: Array<[string, string]> = [
    ['PORT', 'eighty'], ['PORT', '70000'], ['PORT', '-1'], ['DEPLOY_ENV', 'prod'], ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'], ['REDIS_URL', 'http://x'], ['PUBLIC_BASE_URL', 'https://x.example/path'],
    ['PUBLIC_BASE_URL', 'ftp://x.example'], ['DISCORD_STATUS_URL', 'nope'], ['BOT_STATUS_URL', 'file:///etc/passwd'],
    ['BOT_HEARTBEAT_TIMEOUT_SECONDS', '1.5'], ['PROBE_INTERVAL_SECONDS', '0'], ['GERMAN_PREFIX', 'de'],
    ['TRUST_PROXY', 'maybe'], ['TRUST_PROXY', '10.0.0.0/33'], ['TRUST_PROXY', '17'], ['RATE_LIMIT_PER_MINUTE', 'lots'], ['LOG_LEVEL', 'loud'], ['STATUSPAGE_AT_ROOT', 'maybe'],
    ['METRICS_PORT', '0'], ['METRICS_PORT', 'prometheus'], ['METRICS_PORT', '65536']
  ]
  for (const [name, value] of bad) {
    it(`rejects ${name}=${value} naming the variable`, () => {
      assert.throws(() => loadConfig({ [name]: value }), (error: unknown) =>
        error instanceof ConfigError && error.message.startsWith(name))
    })
  }

  it('reads TRUST_PROXY as false, a hop count, or a list of addresses, CIDRs and named ranges', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false)
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false)
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8, loopback' }).trustProxy,
      ['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback'])
  })

  for (const value of ['true', 'TRUE', 'yes']) {
    it(`refuses TRUST_PROXY=${value}, which would let a client pick its own address, in one line naming the variable`, () => {
      assert.throws(() => loadConfig({ TRUST_PROXY: value }), (error: unknown) =>
        error instanceof ConfigError && error.message.startsWith('TRUST_PROXY') && /hop count|number of proxies/.test(error.message) &&
        !error.message.includes('\n'))
    })
  }

  it('never prints a connection string it rejects', () => {
    assert.throws(() => loadConfig({ DATABASE_URL: 'postgres//user:secret@db' }), (error: Error) => !error.message.includes('secret'))
  })

  it('stops the CLI with one line naming the variable and exit code 1', () => {
    const result = spawnSync(process.execPath, ['src/main.ts', 'migrate'], {
      env: { ...process.env, PORT: 'abc' }, encoding: 'utf8'
    })
    assert.equal(result.status, 1)
    assert.equal(result.stdout, '')
    const lines = result.stderr.trim().split('\n')
    assert.equal(lines.length, 1, result.stderr)
    assert.match(lines[0]!, /^status-api: configuration error: PORT /)
  })
})
