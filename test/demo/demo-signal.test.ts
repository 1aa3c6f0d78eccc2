// `status-api demo` as a real process: SIGTERM (and SIGINT, Ctrl-C) stops it and removes its temporary folder (issue 34).
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../services/ports.ts'

describe('the demo as a process', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`removes its temporary folder when stopped with ${signal}`, { timeout: 60_000 }, async (t) => {
      const temp = mkdtempSync(path.join(tmpdir(), 'status-api-demo-signal-'))
      t.after(() => rmSync(temp, { recursive: true, force: true }))
      const port = await freePort()
      const child = spawn(process.execPath, ['src/main.ts', 'demo'], {
        env: { ...process.env, TMPDIR: temp, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe']
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
      child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
      t.after(() => { if (child.exitCode === null) child.kill('SIGKILL') })
      const exited = once(child, 'exit')
      for (let attempt = 0; attempt < 300 && !/status-api demo: http/.test(output); attempt++) await sleep(100)
      assert.match(output, /demo data in /, output)
      const folders = () => readdirSync(temp).filter((name) => name.startsWith('status-api-demo-'))
      assert.equal(folders().length, 1, 'the demo\'s database folder, while it runs')
      child.kill(signal)
      const [code] = await exited
      assert.equal(code, 0, output)
      assert.deepEqual(folders(), [], 'no folder left behind')
    })
  }
})
