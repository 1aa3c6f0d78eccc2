// The platform refresh: asked only for declared platform components (or a purged edge), waited for no longer than the time limit, never rejecting.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { builtinDeclaration } from '../../src/declaration/declaration.ts'
import { platformRefresh } from '../../src/monitor/platform-refresh.ts'
import type { PlatformStatusBody } from '../../src/api/platform-status.ts'
import { tempDir } from '../helper.ts'

function withPlatformComponent (t: TestContext) {
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, 'components:\n  - { id: voice, name: Voice, check: { platform: "Voice" } }\n')
  return loadStatusFile(file, {})
}

/** A platform status whose refresh answers as told; counts the asks. */
function platform (answer: () => Promise<PlatformStatusBody | undefined>) {
  const asked = { count: 0 }
  return { asked, status: { current: () => { asked.count++; return answer() } } }
}

describe('the platform refresh', () => {
  it('does not ask without a platform component, nor without a platform status', async (t) => {
    const { asked, status } = platform(async () => undefined)
    await platformRefresh(builtinDeclaration(), status, 1000)()
    assert.equal(asked.count, 0)
    await platformRefresh(withPlatformComponent(t), undefined, 1000)()
  })

  it('asks without a platform component when the edge is purged (the purge watches the status)', async () => {
    const { asked, status } = platform(async () => undefined)
    await platformRefresh(builtinDeclaration(), status, 1000, true)()
    assert.equal(asked.count, 1)
  })

  it('waits for the refresh, but no longer than the time limit; a failed refresh does not reject', async (t) => {
    const declaration = withPlatformComponent(t)
    let answered = false
    const quick = platform(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); answered = true; return undefined })
    await platformRefresh(declaration, quick.status, 1000)()
    assert.equal(quick.asked.count, 1)
    assert.equal(answered, true, 'awaited')

    const hung = platform(() => new Promise(() => {}))
    const started = performance.now()
    await platformRefresh(declaration, hung.status, 50)()
    const waited = performance.now() - started
    assert.ok(waited >= 45 && waited < 1000, `waited ${waited} ms`)

    const failing = platform(async () => { throw new Error('upstream down') })
    await platformRefresh(declaration, failing.status, 1000)()
    assert.equal(failing.asked.count, 1)
  })
})
