// The edge settings (docs/en/architecture.md#edge): defaults, purge targets, and one-line errors that name the variable, never a token.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { runCli } from '../../src/cli/run.ts'
import { loadConfig } from '../../src/config/index.ts'
import { ConfigError } from '../../src/config/values.ts'
import { aclEntry, parseBackend, varnishVcl } from '../../src/edge/varnish-vcl.ts'

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp', ...env }).edge

test('defaults: 10 s at the edge, 300 s with purges, a day of stale-if-error, keys off', () => {
  assert.deepEqual(load({}), { cacheSeconds: 10, staleSeconds: 86_400, tags: false, purge: [] })
  assert.equal(load({ EDGE_TAGS: 'on' }).tags, true)
  assert.equal(load({ EDGE_TAGS: 'off' }).tags, false)
  const purged = load({ EDGE_PURGE: 'varnish:http://127.0.0.1:6081' })
  assert.equal(purged.cacheSeconds, 300)
  assert.equal(purged.tags, true)
  assert.equal(load({ EDGE_PURGE: 'varnish:http://127.0.0.1:6081', EDGE_CACHE_SECONDS: '30' }).cacheSeconds, 30)
  const all = load({
    EDGE_PURGE: 'fastly:SU1Z0isxPaozGVKXdv0eY,cloudflare:023e105f4ecef8ad9ca31a8372d0c353,https://purge.example/hook',
    FASTLY_API_TOKEN: 'fastly-token-1', CLOUDFLARE_API_TOKEN: 'cloudflare-token-1'
  }).purge
  assert.deepEqual(all.map((target) => target.kind), ['fastly', 'cloudflare', 'http'])
  assert.equal(all[0]!.kind === 'fastly' && all[0]!.apiBase.href, 'https://api.fastly.com/')
  assert.equal(all[1]!.kind === 'cloudflare' && all[1]!.apiBase.href, 'https://api.cloudflare.com/client/v4')
})

test('a bad edge setting stops the start with one line naming the variable', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ EDGE_PURGE: 'fastly:SU1Z0isxPaozGVKXdv0eY' }, /set FASTLY_API_TOKEN/],
    [{ EDGE_PURGE: 'cloudflare:023e105f4ecef8ad9ca31a8372d0c353' }, /set CLOUDFLARE_API_TOKEN/],
    [{ EDGE_PURGE: 'akamai:x' }, /^EDGE_PURGE: entry 1 must start with/],
    [{ EDGE_PURGE: 'varnish:ftp://x' }, /^EDGE_PURGE: entry 1 must be varnish:http/],
    [{ EDGE_PURGE: 'http://a.example,http://a.example' }, /EDGE_PURGE lists the same target twice/],
    [{ EDGE_CACHE_SECONDS: '-1' }, /^EDGE_CACHE_SECONDS must be/],
    [{ EDGE_STALE_SECONDS: 'day' }, /^EDGE_STALE_SECONDS must be/],
    [{ EDGE_TAGS: 'maybe' }, /^EDGE_TAGS must be/],
    [{ EDGE_PURGE: 'fastly:abc', FASTLY_API_TOKEN: 'short' }, /^FASTLY_API_TOKEN must be/],
    [{ EDGE_PURGE: 'fastly:abc', FASTLY_API_TOKEN: 'a-long-token', FASTLY_API_BASE: 'nope' }, /^FASTLY_API_BASE must be/]
  ]
  for (const [env, message] of cases) {
    assert.throws(() => load(env), (error: Error) => error instanceof ConfigError && message.test(error.message) && !error.message.includes('a-long-token'), JSON.stringify(env))
  }
})

test('the VCL: backends round robin, the purge ACL, and mistakes in the arguments named', () => {
  const vcl = varnishVcl({ backends: [parseBackend('10.0.0.5:3000'), parseBackend('[::1]:3001')], purgeFrom: ['10.0.0.0/8'] })
  assert.match(vcl, /^vcl 4\.1;/)
  assert.match(vcl, /import xkey;/)
  assert.match(vcl, /\.host = "10\.0\.0\.5";\n {2}\.port = "3000";/)
  assert.match(vcl, /\.host = "::1";/)
  assert.match(vcl, /origin\.add_backend\(origin_2\);/)
  assert.match(vcl, /acl purgers \{\n {2}"10\.0\.0\.0"\/8;\n\}/)
  assert.match(varnishVcl({ backends: [parseBackend('localhost:3000')] }), /acl purgers \{\n {2}"127\.0\.0\.1";\n {2}"::1";\n\}/)
  assert.throws(() => parseBackend('localhost'), /--backend must be HOST:PORT/)
  assert.throws(() => parseBackend('a"b:80'), /--backend must be HOST:PORT/)
  assert.throws(() => aclEntry('10.0.0.0/33'), /--purge-from must be/)
  assert.throws(() => aclEntry('everyone'), /--purge-from must be/)
})

test('status-api edge: a missing action or backend, or a bad address, is a usage error (exit code 2)', async (t) => {
  const errors: string[] = []
  t.mock.method(console, 'error', (line: string) => { errors.push(line) })
  const readConfig = () => { throw new Error('edge vcl reads no configuration') }
  assert.equal(await runCli(['edge'], readConfig, () => ({})), 2)
  assert.equal(await runCli(['edge', 'vcl'], readConfig, () => ({})), 2)
  assert.equal(await runCli(['edge', 'vcl', '--backend', 'nohost'], readConfig, () => ({})), 2)
  assert.equal(await runCli(['edge', 'vcl', '--backend', '127.0.0.1:3000', '--purge-from', '10.0.0.0/99'], readConfig, () => ({})), 2)
  assert.deepEqual(errors.map((line) => line.split(':').slice(0, 2).join(':')), [
    'status-api: edge', 'status-api: edge vcl', 'status-api: edge vcl', 'status-api: edge vcl'
  ])
})
