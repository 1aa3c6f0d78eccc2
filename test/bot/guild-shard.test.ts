// Guild → shard: snowflake bounds, message links, and BigInt arithmetic where Number would be wrong.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { SNOWFLAKE_PATTERN } from '../../src/api/shards.ts'
import { guildIdFromInput, parseSnowflake, shardOfGuild } from '../../src/bot/guild-shard.ts'

describe('parseSnowflake', () => {
  it('accepts 17 to 20 digits below 2^64', () => {
    assert.equal(parseSnowflake('81384788765712384'), 81384788765712384n)
    assert.equal(parseSnowflake('18446744073709551615'), 2n ** 64n - 1n)
  })

  for (const text of ['8138478876571238', '184467440737095516150', '18446744073709551616', '99999999999999999999', '081384788765712384', '8138478876571238x', ' 81384788765712384', '-81384788765712384', '']) {
    it(`rejects ${JSON.stringify(text)}`, () => assert.equal(parseSnowflake(text), undefined))
  }
})

describe('SNOWFLAKE_PATTERN (the OpenAPI pattern of guildId)', () => {
  const pattern = new RegExp(SNOWFLAKE_PATTERN)
  const accepted = (text: string) => text.length >= 17 && text.length <= 20 && !text.startsWith('0') && BigInt(text) < 2n ** 64n

  it('admits exactly what the server accepts: 17 to 20 digits below 2^64, none at or above it', () => {
    for (const text of ['18446744073709551615', '18446744073709551616', '18446744073709551620', '18446744073709552000', '19000000000000000000',
      '99999999999999999999', '10000000000000000000', '18446744073709551609', '10000000000000000', '99999999999999999']) {
      assert.equal(pattern.test(text), accepted(text), text)
      assert.equal(pattern.test(text), parseSnowflake(text) !== undefined, text)
    }
    // Around 2^64 digit by digit, and anywhere among 16 to 21 digits.
    fc.assert(fc.property(fc.bigInt({ min: 10n ** 15n, max: 10n ** 21n }), (id) => {
      const text = id.toString()
      return pattern.test(text) === accepted(text) && pattern.test(text) === (parseSnowflake(text) !== undefined)
    }), { numRuns: 5000 })
    fc.assert(fc.property(fc.bigInt({ min: 2n ** 64n - 10n ** 12n, max: 2n ** 64n + 10n ** 12n }), (id) => pattern.test(id.toString()) === id < 2n ** 64n), { numRuns: 5000 })
  })
})

describe('guildIdFromInput', () => {
  it('reads an id, or the guild of a message or channel link', () => {
    assert.equal(guildIdFromInput(' 81384788765712384 '), '81384788765712384')
    assert.equal(guildIdFromInput('https://discord.com/channels/81384788765712384/381870553235193857/1046084127234203698'), '81384788765712384')
    assert.equal(guildIdFromInput('https://ptb.discord.com/channels/81384788765712384/381870553235193857'), '81384788765712384')
    assert.equal(guildIdFromInput('https://discordapp.com/channels/81384788765712384/381870553235193857/1046084127234203698'), '81384788765712384')
    assert.equal(guildIdFromInput('https://canary.discord.com/channels/81384788765712384/381870553235193857/'), '81384788765712384')
  })

  it('refuses direct-message links, other hosts and junk', () => {
    for (const input of ['https://discord.com/channels/@me/381870553235193857', 'https://evil.example/channels/81384788765712384/1/2',
      'http://discord.com/channels/81384788765712384/1/2', 'my server', 'x'.repeat(300)]) {
      assert.equal(guildIdFromInput(input), undefined, input)
    }
  })
})

describe('shardOfGuild', () => {
  it('is (id >> 22) % total, exact above 2^53 where Number arithmetic is off', () => {
    const id = 2n ** 64n - 1n
    assert.equal(shardOfGuild(id, 16), 15)
    assert.notEqual(Math.floor(Number(id) / 2 ** 22) % 16, 15, 'Number arithmetic would get this one wrong')
    assert.equal(shardOfGuild(81384788765712384n, 4), 2)
    assert.equal(shardOfGuild(81384788765712384n, 1), 0)
  })

  it('always lands in 0 … total-1 and agrees with the timestamp bits', () => {
    fc.assert(fc.property(fc.bigInt({ min: 10n ** 16n, max: 2n ** 64n - 1n }), fc.integer({ min: 1, max: 5000 }), (id, total) => {
      const shard = shardOfGuild(id, total)
      return Number.isInteger(shard) && shard >= 0 && shard < total && BigInt(shard) === (id / 4194304n) % BigInt(total)
    }))
  })
})
