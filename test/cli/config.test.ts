// `status-api config check [FILE]` and `config schema`: one line and exit 0 for a valid file, one line and exit 1
// for a broken one, the schema for editors, and all of it without the service's Config (the real bin once).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { tempDir } from '../helper.ts'
import { BIN, runOnEnvironment, type BinResult } from './run-bin.ts'

const EXAMPLE = path.join(import.meta.dirname, '../fixtures/status/design-example.yaml')
const BROKEN = 'components:\n  - { id: api, check: { http: { url: "ftp://acme.example" } } }\n'
const VALID_EXAMPLE = 'valid, 7 components in 2 groups (1 builtin, 2 http, 1 tcp, 1 push, 1 platform, 1 manual), 1 template'

/** A folder holding a broken status.yaml and a valid other.yaml, as the working directory while `body` runs. */
async function inFolderWithBrokenDefault<T> (t: TestContext, body: () => Promise<T>): Promise<T> {
  const folder = tempDir(t)
  writeFileSync(path.join(folder, 'status.yaml'), BROKEN)
  copyFileSync(EXAMPLE, path.join(folder, 'other.yaml'))
  cpSync(path.join(path.dirname(EXAMPLE), 'brand'), path.join(folder, 'brand'), { recursive: true }) // its logos and favicon
  const before = process.cwd()
  process.chdir(folder)
  try {
    return await body()
  } finally {
    process.chdir(before)
  }
}

function assertOneLine (result: BinResult, code: number, stream: 'stdout' | 'stderr', line: string): void {
  assert.equal(result.code, code, `${result.stdout}${result.stderr}`)
  assert.equal(result[stream], `${line}\n`)
  assert.equal(result[stream === 'stdout' ? 'stderr' : 'stdout'], '')
}

describe('status-api config', () => {
  it('check: a valid file is one summary line and exit 0', async () => {
    const result = await runOnEnvironment({ DASHBOARD_TOKEN: 'x' }, ['config', 'check', EXAMPLE])
    assertOneLine(result, 0, 'stdout', `${EXAMPLE}: ${VALID_EXAMPLE}`)
  })

  it('check: a broken file is one line naming the file, the place and the rule, and exit 1', async (t) => {
    const file = path.join(tempDir(t), 'broken.yaml')
    writeFileSync(file, BROKEN)
    assertOneLine(await runOnEnvironment({}, ['config', 'check', file]), 1, 'stderr', `${file}: components[0].check.http.url: must be an http(s) URL`)
    assertOneLine(await runOnEnvironment({}, ['config', 'check', EXAMPLE]), 1, 'stderr',
      `${EXAMPLE}: components[2].check.http.headers.Authorization: environment variable DASHBOARD_TOKEN is not set`)
    const weights = path.join(tempDir(t), 'weights.yaml')
    writeFileSync(weights, 'components:\n  - { id: api, check: { manual: true } }\nuptime:\n  weights: { partial_outage: 1.5 }\n')
    assertOneLine(await runOnEnvironment({}, ['config', 'check', weights]), 1, 'stderr', `${weights}: uptime.weights.partial_outage: must be from 0 to 1`)
    const missing = path.join(tempDir(t), 'none.yaml')
    assertOneLine(await runOnEnvironment({}, ['config', 'check', missing]), 1, 'stderr', `${missing}: cannot be read: no such file`)
  })

  it('check: localised text in any shipped language passes; a language the service does not ship is refused, naming the key', async (t) => {
    const file = path.join(tempDir(t), 'languages.yaml')
    const withName = (name: string) => `components:\n  - { id: api, check: { manual: true } }\n  - { id: web, name: ${name}, check: { manual: true } }\n`
    writeFileSync(file, withName('{ en: Website, de: Webseite, fr: Site web, es: Sitio web, pt-BR: Site }'))
    assertOneLine(await runOnEnvironment({}, ['config', 'check', file]), 0, 'stdout', `${file}: valid, 2 components (2 manual)`)
    writeFileSync(file, withName('{ en: Website, xx: Xebsite }'))
    assertOneLine(await runOnEnvironment({}, ['config', 'check', file]), 1, 'stderr', `${file}: components[1].name.xx: unknown key (allowed: en, de, fr, es, pt-BR)`)
  })

  it('check: a template naming an undeclared component or impact, or repeating an id, is one line naming its key', async (t) => {
    const file = path.join(tempDir(t), 'templates.yaml')
    const template = (id: string, rest = 'impact: major, components: [music]') => `  - { id: ${id}, title: Down, message: { en: Down., de: Weg. }, ${rest} }\n`
    const check = async (templates: string) => {
      writeFileSync(file, `components:\n  - { id: music, check: { manual: true } }\ntemplates:\n${templates}`)
      return runOnEnvironment({}, ['config', 'check', file])
    }
    assertOneLine(await check(template('a') + template('b') + template('a')), 1, 'stderr', `${file}: templates[2].id: is already the id of templates[0]`)
    assertOneLine(await check(template('a', 'impact: major, components: [music, voice]')), 1, 'stderr',
      `${file}: templates[0].components[1]: "voice" is not a declared component (components: music)`)
    assertOneLine(await check(template('a', 'impact: severe')), 1, 'stderr', `${file}: templates[0].impact: must be none, minor, major or critical (got "severe")`)
    assertOneLine(await check(template('a') + template('b', 'impact: none')), 0, 'stdout', `${file}: valid, 1 component (1 manual), 2 templates`)
  })

  it('check without a file: STATUS_FILE, else ./status.yaml, else says there is none', async (t) => {
    assertOneLine(await runOnEnvironment({ STATUS_FILE: EXAMPLE, DASHBOARD_TOKEN: 'x' }, ['config', 'check']), 0, 'stdout', `${EXAMPLE}: ${VALID_EXAMPLE}`)
    const missing = path.join(tempDir(t), 'none.yaml')
    assertOneLine(await runOnEnvironment({ STATUS_FILE: missing }, ['config', 'check']), 1, 'stderr',
      `status-api: configuration error: STATUS_FILE names a file that does not exist (${missing})`)
    await inFolderWithBrokenDefault(t, async () => {
      assertOneLine(await runOnEnvironment({}, ['config', 'check']), 1, 'stderr', 'status.yaml: components[0].check.http.url: must be an http(s) URL')
    })
    const empty = tempDir(t)
    const before = process.cwd()
    process.chdir(empty)
    try {
      assertOneLine(await runOnEnvironment({}, ['config', 'check']), 0, 'stdout',
        'no status file: STATUS_FILE is not set and there is no ./status.yaml, so the service shows the built-in components (database, cache, bot)')
    } finally {
      process.chdir(before)
    }
  })

  it('check FILE works while the default status file is broken: it reads no Config', async (t) => {
    await inFolderWithBrokenDefault(t, async () => {
      assertOneLine(await runOnEnvironment({ DASHBOARD_TOKEN: 'x' }, ['config', 'check', 'other.yaml']), 0, 'stdout', `other.yaml: ${VALID_EXAMPLE}`)
    })
  })

  it('schema: prints JSON Schema 2020-12 that accepts the example and refuses a typo', async () => {
    const result = await runOnEnvironment({}, ['config', 'schema'])
    assert.equal(result.code, 0)
    assert.equal(result.stderr, '')
    const schema = JSON.parse(result.stdout) as Record<string, unknown>
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema')
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true })
    ajv.addKeyword('patternErrorMessage')
    assert.ok(ajv.validateSchema(schema), JSON.stringify(ajv.errors))
    const validate = ajv.compile(schema)
    const example = parse(readFileSync(EXAMPLE, 'utf8')) as { components: Array<Record<string, unknown>> }
    assert.ok(validate(example), JSON.stringify(validate.errors))
    example.components[1]!.name = { en: 'Music', fr: 'Musique', 'pt-BR': 'Música' }
    assert.ok(validate(example), JSON.stringify(validate.errors))
    example.components[1]!.name = { en: 'Music', xx: 'Xusic' }
    assert.equal(validate(example), false, 'a language the service does not ship')
    example.components[1]!.name = 'Music'
    example.components[0]!.crtical = true
    assert.equal(validate(example), false)
  })

  it('refuses wrong usage with exit 2, and has a --help', async () => {
    for (const args of [['config'], ['config', 'frob'], ['config', 'check', 'a.yaml', 'b.yaml'], ['config', 'schema', 'x'], ['config', 'check', '--frob']]) {
      const result = await runOnEnvironment({}, args)
      assert.equal(result.code, 2, args.join(' '))
      assert.match(result.stderr, /^status-api: config( \w+)?: [^\n]+\n$/, args.join(' '))
    }
    const help = await runOnEnvironment({}, ['config', '--help'])
    assert.equal(help.code, 0)
    assert.match(help.stdout, /^status-api config check \[FILE\]\nstatus-api config schema\n/)
    assert.match(help.stdout, /# yaml-language-server: \$schema=\.\/status\.schema\.json/)
    assert.match((await runOnEnvironment({}, ['--help'])).stdout, /\n {2}config +check a status file, or print its JSON Schema for editors\n/)
  })

  it('the bin: config check FILE passes beside a broken ./status.yaml, which stops every other command with one line', async (t) => {
    const folder = tempDir(t)
    writeFileSync(path.join(folder, 'status.yaml'), BROKEN)
    copyFileSync(EXAMPLE, path.join(folder, 'other.yaml'))
    cpSync(path.join(path.dirname(EXAMPLE), 'brand'), path.join(folder, 'brand'), { recursive: true })
    const env = { ...process.env, STATUS_FILE: '', DASHBOARD_TOKEN: 'x', LOG_LEVEL: 'silent' }
    const bin = (...args: string[]) => new Promise<BinResult>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { cwd: folder, env, encoding: 'utf8' }, (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : (error as { code?: number }).code ?? null, stdout, stderr })
      })
    })
    const [valid, refused] = await Promise.all([bin('config', 'check', 'other.yaml'), bin('check', '--url', 'http://127.0.0.1:9')])
    assertOneLine(valid, 0, 'stdout', `other.yaml: ${VALID_EXAMPLE}`)
    assertOneLine(refused, 1, 'stderr', 'status-api: configuration error: status.yaml: components[0].check.http.url: must be an http(s) URL')
  })
})
