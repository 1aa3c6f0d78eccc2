// The chat platform's status URL redirecting elsewhere, and a status URL that could never be fetched, against a real
// `status-api serve`: another origin's answer is never published as the platform's status; a URL with credentials
// stops the start with one clear line.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, it } from 'node:test'
import { startApp } from '../services/app-process.ts'
import { StatuspageServer, fixture } from '../platform/statuspage-server.ts'
import { tempDir } from '../helper.ts'

/** `/elsewhere` redirects to `target`; `/moved` redirects within this origin to `/summary.json`, which answers. */
async function redirectingUpstream (target: string): Promise<{ server: Server, origin: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/elsewhere') response.writeHead(302, { location: target }).end()
    else if (request.url === '/moved') response.writeHead(301, { location: '/summary.json' }).end()
    else response.writeHead(200, { 'content-type': 'application/json' }).end(fixture('operational'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe('the chat platform upstream redirecting', () => {
  it('a redirect to another origin is not followed: 503, the other host never asked; within the origin it is followed', async (t) => {
    const other = await StatuspageServer.start()
    t.after(() => other.close())
    const upstream = await redirectingUpstream(other.url)
    t.after(() => { upstream.server.closeAllConnections(); upstream.server.close() })

    const app = await startApp({ DATA_DIR: tempDir(t), DISCORD_STATUS_URL: `${upstream.origin}/elsewhere`, RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const response = await fetch(`${app.url}/api/v1/health/discord`)
    assert.equal(response.status, 503)
    assert.equal(other.requests, 0, 'the other origin was never asked')

    const moved = await startApp({ DATA_DIR: tempDir(t), DISCORD_STATUS_URL: `${upstream.origin}/moved`, RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => moved.stop('SIGKILL'))
    const followed = await fetch(`${moved.url}/api/v1/health/discord`)
    assert.equal(followed.status, 200)
    assert.equal((await followed.json() as { indicator: string }).indicator, 'none')
  })

  it('DISCORD_STATUS_URL with credentials: the start is refused with one line naming the variable, the password not shown', async () => {
    const child = spawn(process.execPath, [path.resolve('bin/status-api.js'), 'serve'], {
      env: { ...process.env, DISCORD_STATUS_URL: 'https://user:hunter2@status.example.com/api/v2/summary.json', PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)))
    clearTimeout(killer)
    assert.equal(code, 1, 'the process stops at start')
    const lines = stderr.trim().split('\n')
    assert.equal(lines.length, 1, stderr)
    assert.match(lines[0]!, /DISCORD_STATUS_URL must not contain a user name or password/)
    assert.doesNotMatch(stderr, /hunter2/)
  })
})
