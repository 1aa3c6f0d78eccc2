// A path segment longer than any id (a 5,000-digit server id) is a 400 problem that says so, from a real process;
// a URL that does not decode keeps its own sentence.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { tempDir } from '../helper.ts'
import { startApp } from '../services/app-process.ts'

describe('a path segment too long to be any id', () => {
  it('a 5,000-digit server id: 400 problem naming the length, not "could not be decoded"', async (t) => {
    const app = await startApp({ DATA_DIR: tempDir(t) })
    t.after(() => app.stop())
    const response = await fetch(`${app.url}/api/v1/health/shards/${'7'.repeat(5000)}`)
    assert.equal(response.status, 400)
    assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/)
    const problem = await response.json() as { detail: string }
    assert.equal(problem.detail, 'A part of the request path is longer than 200 characters: no id or name of this API is that long.')
    const undecodable = await (await fetch(`${app.url}/api/v1/health/shards/%`)).json() as { detail: string }
    assert.equal(undecodable.detail, 'The request URL could not be decoded.')
    const shortButWrong = await (await fetch(`${app.url}/api/v1/health/shards/${'7'.repeat(150)}`)).json() as { detail: string }
    assert.match(shortButWrong.detail, /^The server id must be a Discord snowflake/)
  })
})
