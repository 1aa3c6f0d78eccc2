// {base_url}: which Host values count as well formed, and how a request's origin is normalised.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isValidHost } from '../../src/lib/host.ts'

describe('isValidHost', () => {
  it('accepts DNS names, IPv4 and bracketed IPv6, each with an optional port', () => {
    for (const host of ['status.example.com', 'localhost', 'localhost:3000', 'STATUS.Example.COM', 'a-b.c-d.example',
      '127.0.0.1', '127.0.0.1:8080', '[::1]', '[::1]:3000', '[2001:db8::1]', 'xn--bcher-kva.example', 'example.com.', 'h:65535']) {
      assert.ok(isValidHost(host), host)
    }
  })

  it('refuses anything else: paths, user info, quotes, spaces, bad ports, empty labels, over-long names', () => {
    for (const host of ['', 'evil.test/x', 'user@evil.test', 'evil.test"><script>', 'a b', 'evil.test:99999', 'evil.test:',
      'evil.test:1:2', '-lead.example', 'trail-.example', 'a..b', '.example', '[::1', '[zz::1]', 'bücher.example',
      'a'.repeat(64) + '.example', `${'abcdefghij.'.repeat(24)}example`, 'evil.test\r\nx: y', 'evil.test#', 'evil.test?x']) {
      assert.ok(!isValidHost(host), JSON.stringify(host))
    }
  })
})
