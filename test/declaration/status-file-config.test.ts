// Where the Config's status declaration comes from: STATUS_FILE, else ./status.yaml when it exists, else the
// built-in model; a bad or missing file stops start-up with one line naming it.
import assert from 'node:assert/strict'
import { copyFileSync, cpSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { loadConfig } from '../../src/config/index.ts'
import { ConfigError } from '../../src/config/values.ts'
import { builtinDeclaration } from '../../src/declaration/declaration.ts'
import { tempDir } from '../helper.ts'

const EXAMPLE = path.join(import.meta.dirname, '../fixtures/status/design-example.yaml')
const BROKEN = 'components:\n  - { id: api, check: { http: { url: "ftp://acme.example" } } }\n'

/** Runs `body` with the working directory in a fresh folder (tests in one file run one after the other). */
function inFolder (t: TestContext, body: (folder: string) => void): void {
  const folder = tempDir(t)
  const before = process.cwd()
  process.chdir(folder)
  try {
    body(folder)
  } finally {
    process.chdir(before)
  }
}

function configError (env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error))
    assert.doesNotMatch(error.message, /\n/)
    return error.message
  }
  assert.fail('the config was accepted')
}

describe('the status file in the config', () => {
  it('reads STATUS_FILE, with ${NAME} from the same environment', () => {
    const config = loadConfig({ STATUS_FILE: EXAMPLE, DASHBOARD_TOKEN: 'token-123' })
    assert.equal(config.status.file, EXAMPLE)
    assert.equal(config.status.product.name, 'Acme')
    assert.deepEqual(config.status.components.map((component) => component.id), ['bot', 'music', 'dashboard', 'website', 'tts', 'voice-eu', 'api'])
  })

  it('gives the built-in model without a file', (t) => {
    inFolder(t, () => {
      assert.deepEqual(loadConfig({}).status, builtinDeclaration())
      assert.deepEqual(loadConfig({ STATUS_FILE: ' ' }).status, builtinDeclaration(), 'an empty STATUS_FILE is unset')
    })
  })

  it('reads ./status.yaml from the working directory when it exists', (t) => {
    inFolder(t, (folder) => {
      copyFileSync(EXAMPLE, path.join(folder, 'status.yaml'))
      cpSync(path.join(path.dirname(EXAMPLE), 'brand'), path.join(folder, 'brand'), { recursive: true }) // its logos and favicon
      const config = loadConfig({ DASHBOARD_TOKEN: 'x' })
      assert.equal(config.status.file, path.join(process.cwd(), 'status.yaml'))
      assert.equal(config.status.components.length, 7)
    })
  })

  it('stops on a missing STATUS_FILE, naming the variable', (t) => {
    const missing = path.join(tempDir(t), 'none.yaml')
    assert.equal(configError({ STATUS_FILE: missing }), `STATUS_FILE names a file that does not exist (${missing})`)
  })

  it('stops on a bad file with one line naming the file, the place and the rule', (t) => {
    inFolder(t, (folder) => {
      writeFileSync(path.join(folder, 'status.yaml'), BROKEN)
      assert.equal(configError({}), 'status.yaml: components[0].check.http.url: must be an http(s) URL')
      writeFileSync(path.join(folder, 'other.yaml'), BROKEN)
      assert.equal(configError({ STATUS_FILE: 'other.yaml' }), 'STATUS_FILE other.yaml: components[0].check.http.url: must be an http(s) URL')
      assert.equal(configError({ STATUS_FILE: EXAMPLE }), `STATUS_FILE ${EXAMPLE}: components[2].check.http.headers.Authorization: environment variable DASHBOARD_TOKEN is not set`)
    })
  })
})
