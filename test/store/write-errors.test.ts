// The cause of a failed write, from either driver's error code; and the settings that go with the fault handling.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../../src/config/index.ts'
import { ConfigError } from '../../src/config/values.ts'
import { TimeoutError } from '../../src/lib/timeout.ts'
import { classifyWriteError, describeWriteError } from '../../src/store/write-errors.ts'

const coded = (code: string) => Object.assign(new Error('driver text naming /secret/path'), { code })

describe('classifyWriteError', () => {
  it('maps SQLite and PostgreSQL codes to one short cause', () => {
    assert.equal(classifyWriteError(coded('SQLITE_BUSY')), 'waiting')
    assert.equal(classifyWriteError(coded('SQLITE_BUSY_SNAPSHOT')), 'waiting')
    assert.equal(classifyWriteError(coded('57014')), 'waiting', 'statement_timeout')
    assert.equal(classifyWriteError(coded('53300')), 'waiting', 'too many clients')
    assert.equal(classifyWriteError(new TimeoutError('x')), 'waiting')
    assert.equal(classifyWriteError(new Error('timeout exceeded when trying to connect')), 'waiting')
    assert.equal(classifyWriteError(coded('SQLITE_FULL')), 'full')
    assert.equal(classifyWriteError(coded('53100')), 'full')
    assert.equal(classifyWriteError(coded('SQLITE_READONLY_DBMOVED')), 'read_only')
    assert.equal(classifyWriteError(coded('25006')), 'read_only')
    assert.equal(classifyWriteError(coded('SQLITE_CORRUPT')), 'damaged')
    assert.equal(classifyWriteError(coded('SQLITE_ERROR')), 'failed')
    assert.equal(classifyWriteError(undefined), 'failed')
  })

  it('describes the cause for the CLI without the driver text', () => {
    assert.equal(describeWriteError(coded('SQLITE_FULL')), 'disk full')
    assert.equal(describeWriteError(coded('SQLITE_READONLY')), 'the database is read-only')
    assert.equal(describeWriteError(coded('SQLITE_ERROR')), undefined)
  })
})

describe('settings for faults', () => {
  it('DATABASE_POOL_SIZE: 5 by default, 1–100', () => {
    assert.equal(loadConfig({}).databasePoolSize, 5)
    assert.equal(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize, 12)
    assert.throws(() => loadConfig({ DATABASE_POOL_SIZE: '0' }), ConfigError)
    assert.throws(() => loadConfig({ DATABASE_POOL_SIZE: 'many' }), ConfigError)
  })

  it('status URLs with credentials are refused, naming the variable and not the password', () => {
    for (const name of ['DISCORD_STATUS_URL', 'BOT_STATUS_URL']) {
      assert.throws(() => loadConfig({ [name]: 'https://u:pw-secret@example.com/x' }), (error: Error) =>
        error instanceof ConfigError && error.message.startsWith(name) && !error.message.includes('pw-secret'))
    }
  })
})
