// find_shard's input: a server ID or a message link from that server, and nothing else.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { guildIdOf } from '../../src/mcp/tools.ts'

describe('guildIdOf', () => {
  it('takes a server ID or the server of a message link', () => {
    assert.equal(guildIdOf(' 222078108977594368 '), '222078108977594368')
    assert.equal(guildIdOf('https://discord.com/channels/222078108977594368/222079895583457280/1180000000000000000'), '222078108977594368')
    assert.equal(guildIdOf('https://ptb.discord.com/channels/222078108977594368/222079895583457280/1180000000000000000'), '222078108977594368')
    assert.equal(guildIdOf('https://canary.discordapp.com/channels/222078108977594368/222079895583457280/'), '222078108977594368')
  })

  it('refuses anything else', () => {
    for (const given of ['', 'my server', '1234', '123456789012345678901', 'https://discord.com/channels/@me/222079895583457280/1180000000000000000',
      'https://evil.example/channels/222078108977594368/222079895583457280/1', 'https://discord.com.evil.example/channels/222078108977594368/1/2']) {
      assert.equal(guildIdOf(given), undefined, given)
    }
  })
})
