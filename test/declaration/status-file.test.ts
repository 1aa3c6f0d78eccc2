// The status file's reader: the example of docs/en/status-file.md#example read into the declaration, every rule refused with its exact
// `<path>: <rule>` line, unknown keys, `${NAME}`, localised text, the defaults and YAML's own mistakes.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { stringify } from 'yaml'
import { DEFAULT_UPTIME, builtinDescription, builtinName, localizedText, uptimePolicy, type StatusDeclaration } from '../../src/declaration/declaration.ts'
import { StatusFileError } from '../../src/declaration/file-error.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { tempDir } from '../helper.ts'
import { base, changed, http, refusals, template, type Json } from '../status/cases.ts'

const FIXTURES = path.join(import.meta.dirname, '../fixtures/status')
const EXAMPLE = path.join(FIXTURES, 'design-example.yaml')

function writeYaml (t: TestContext, content: string): string {
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, content)
  return file
}

function load (t: TestContext, file: Json | string, env: Record<string, string> = {}): StatusDeclaration {
  return loadStatusFile(writeYaml(t, typeof file === 'string' ? file : stringify(file)), env)
}

/** The one-line message the file is refused with. */
function refusal (t: TestContext, file: Json | string, env: Record<string, string> = {}): string {
  try {
    load(t, file, env)
  } catch (error) {
    assert.ok(error instanceof StatusFileError, `a StatusFileError, not ${String(error)}`)
    assert.doesNotMatch(error.message, /\n/, 'one line')
    return error.message
  }
  assert.fail('the file was accepted')
}

describe('the status file', () => {
  it('reads the status file page\'s example into the declaration, with ${NAME} from the environment', () => {
    const declaration = loadStatusFile(EXAMPLE, { DASHBOARD_TOKEN: 'token-123' })
    const brand = (name: string, type: string) => {
      const bytes = readFileSync(path.join(FIXTURES, 'brand', name))
      return { file: path.join(FIXTURES, 'brand', name), type, bytes, path: `/assets/brand/${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}${path.extname(name)}`, size: { width: 64, height: 64 } }
    }
    const defaults = { confirm: 2, headers: {} }
    assert.deepEqual(declaration, {
      file: EXAMPLE,
      product: {
        name: 'Acme',
        url: 'https://acme.example',
        description: localizedText({ en: '…', de: '…' }),
        links: [
          { label: localizedText({ en: 'Support server', de: 'Support-Server' }), url: 'https://discord.gg/acme' },
          { label: localizedText({ en: 'Dashboard', de: 'Dashboard' }), url: 'https://acme.example/dashboard' }
        ],
        footer: undefined,
        logo: brand('logo.svg', 'image/svg+xml'),
        logoDark: brand('logo-dark.svg', 'image/svg+xml'),
        favicon: brand('favicon.png', 'image/png'),
        accent: '#3b4bd8',
        accentDark: '#8c9bff'
      },
      groups: [
        { id: 'bot', name: localizedText({ en: 'Bot', de: 'Bot' }), collapsed: false },
        { id: 'web', name: localizedText({ en: 'Website and dashboard', de: 'Website und Dashboard' }), collapsed: true }
      ],
      components: [
        {
          id: 'bot', name: localizedText({ en: 'Commands and gateway', de: 'Befehle und Gateway' }), description: builtinDescription('bot'), group: 'bot', critical: false,
          check: { kind: 'builtin', probe: 'bot' }
        },
        { id: 'music', name: localizedText({ en: 'Music', de: 'Music' }), description: undefined, group: 'bot', critical: false, check: { kind: 'push', withinMs: 120_000 } },
        {
          id: 'dashboard', name: localizedText({ en: 'dashboard', de: 'dashboard' }), description: undefined, group: 'web', critical: false,
          check: {
            kind: 'http', url: 'https://acme.example/api/ping', method: 'GET', headers: { Authorization: 'Bearer token-123' }, everyMs: 30_000, timeoutMs: 5000, confirm: 2,
            expect: { status: [200], bodyIncludes: 'ok', latencyBelowMs: 800, certDays: 14 }
          }
        },
        {
          id: 'website', name: localizedText({ en: 'website', de: 'website' }), description: undefined, group: 'web', critical: false,
          check: { kind: 'http', url: 'https://acme.example', method: 'HEAD', ...defaults, everyMs: 60_000, timeoutMs: 10_000, expect: { status: ANY_2XX, certDays: 14 } }
        },
        {
          id: 'tts', name: localizedText({ en: 'tts', de: 'tts' }), description: undefined, group: undefined, critical: false,
          check: { kind: 'tcp', host: 'tts.internal', port: 5000, everyMs: 60_000, timeoutMs: 10_000, confirm: 2 }
        },
        { id: 'voice-eu', name: localizedText({ en: 'Voice (EU)', de: 'Voice (EU)' }), description: undefined, group: undefined, critical: false, check: { kind: 'platform', component: 'Voice: EU West' } },
        { id: 'api', name: localizedText({ en: 'Public API', de: 'Public API' }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' } }
      ],
      templates: [{
        id: 'platform-outage',
        title: { en: 'Discord is having trouble', de: 'Discord hat Probleme' },
        message: { en: 'Discord\'s API is failing; commands may not answer.', de: 'Die API von Discord fällt aus; Befehle antworten womöglich nicht.' },
        impact: 'major',
        components: ['bot', 'music']
      }]
    })
  })

  for (const [what, change, expected] of refusals) {
    it(`refuses ${what}`, (t) => {
      const message = refusal(t, changed(change))
      if (typeof expected === 'string') assert.equal(message, expected)
      else assert.match(message, expected)
    })
  }

  it('names the first mistake in file order', (t) => {
    const message = refusal(t, changed((file) => { file.components[1].chek = 1; http(file).url = 'ftp://x' }))
    assert.match(message, /^components\[1\]\.chek: /)
    const acrossKeys = refusal(t, changed((file) => { file.product.url = 'https://'; file.components[0].id = 'cache'; http(file).url = 'https://u:p@x' }))
    assert.equal(acrossKeys, 'product.url: must be an http(s) URL', 'the rules across keys keep the file\'s order too')
  })

  it('refuses a file that is empty or not a mapping', (t) => {
    assert.equal(refusal(t, '# nothing yet\n'), 'the file is empty: it needs at least components (docs/en/status-file.md)')
    assert.equal(refusal(t, '- id: music\n'), 'must be a mapping of product, groups and components')
    assert.equal(refusal(t, 'components: 5\n'), 'components: must be a list')
  })

  it('names a file it cannot read', () => {
    assert.throws(() => loadStatusFile(path.join(FIXTURES, 'none.yaml'), {}), { name: 'StatusFileError', message: 'cannot be read: no such file' })
    assert.throws(() => loadStatusFile(FIXTURES, {}), { message: 'cannot be read: it is a folder' })
  })

  describe('YAML', () => {
    it('names the line and column of a syntax error', (t) => {
      const message = refusal(t, 'components:\n  - { id: music, check: { manual: true }\n  - id: api\n')
      assert.match(message, /^line \d+, column \d+: \S/)
    })

    it('refuses a repeated key, naming where', (t) => {
      assert.equal(refusal(t, 'components:\n  - id: music\n    id: api\n    check: { manual: true }\n'), 'line 3, column 5: Map keys must be unique')
    })

    it('refuses a second document, an unknown tag and an undefined alias', (t) => {
      assert.match(refusal(t, 'components: []\n---\ncomponents: []\n'), /^line 2, column 1: Source contains multiple documents/)
      assert.match(refusal(t, 'components:\n  - { id: api, check: { manual: !yes true } }\n'), /^line 2, column \d+: Unresolved tag: !yes/)
      assert.match(refusal(t, 'components: *list\n'), /alias/)
    })

    it('refuses a key that is a list, and reads YAML 1.2: yes is a string, not true', (t) => {
      assert.equal(refusal(t, 'components:\n  - id: api\n    check: { manual: true }\n    ? [a]\n    : 1\n'), 'components[0]: has a key that is not text (a list or mapping)')
      assert.equal(refusal(t, 'components:\n  - { id: api, critical: yes, check: { manual: true } }\n'), 'components[0].critical: must be true or false')
    })

    it('accepts anchors and aliases', (t) => {
      const declaration = load(t, 'components:\n  - { id: a, check: &manual { manual: true } }\n  - { id: b, check: *manual }\n')
      assert.deepEqual(declaration.components.map((component) => component.check.kind), ['manual', 'manual'])
    })
  })

  describe('${NAME}', () => {
    const withUrl = (url: string) => changed((file) => { http(file).url = url; http(file).headers = { Authorization: 'Bearer ${PING_TOKEN}', 'X-Both': '${A}-${B_2}' } })
    const env = { PING_URL: 'https://acme.example/ping?key=s3cret', PING_TOKEN: 't0ken', A: 'a', B_2: 'b' }

    it('is replaced in every string from the environment, several in one string', (t) => {
      const check = load(t, withUrl('${PING_URL}'), env).components[3]!.check
      assert.ok(check.kind === 'http')
      assert.equal(check.url, 'https://acme.example/ping?key=s3cret')
      assert.deepEqual(check.headers, { Authorization: 'Bearer t0ken', 'X-Both': 'a-b' })
    })

    it('names the place and the variable when it is unset or empty', (t) => {
      assert.equal(refusal(t, withUrl('https://acme.example'), { ...env, PING_TOKEN: '' }),
        'components[3].check.http.headers.Authorization: environment variable PING_TOKEN is not set')
      assert.equal(refusal(t, withUrl('${PING_URL}'), { PING_TOKEN: 'x', A: 'a', B_2: 'b' }), 'components[3].check.http.url: environment variable PING_URL is not set')
    })

    it('refuses a reference that is not one', (t) => {
      assert.equal(refusal(t, withUrl('https://acme.example/${ping_url}'), env),
        'components[3].check.http.url: "${ping_url}" is not a variable: write ${NAME} with capital letters, digits and _')
      assert.match(refusal(t, withUrl('https://acme.example/${PING'), env), /^components\[3\]\.check\.http\.url: "\$\{PING" is not a variable/)
    })

    it('never prints what the environment gave', (t) => {
      const secret = 'https://user:Hunter2@acme.example'
      assert.equal(refusal(t, withUrl('${PING_URL}'), { ...env, PING_URL: secret }),
        'components[3].check.http.url: must not contain a user name or password (put credentials in headers)')
      const message = refusal(t, changed((file) => { file.components[4].id = '${TTS_ID}' }), { TTS_ID: 'Hunter2' })
      assert.equal(message, 'components[4].id: must be lowercase letters, digits and dashes')
      const group = refusal(t, changed((file) => { file.components[4].group = '${GROUP}' }), { GROUP: 'hunter2' })
      assert.equal(group, 'components[4].group: is not a declared group (groups: web)')
    })

    it('leaves keys and text without references alone', (t) => {
      const declaration = load(t, changed((file) => { file.components[1].name = 'Costs $5 {per} month' }))
      assert.equal(declaration.components[1]!.name.en, 'Costs $5 {per} month')
    })
  })

  it('reads localised text: a string for every language, or { en, de, fr, es, pt-BR } with a missing language English', (t) => {
    const declaration = load(t, changed((file) => {
      file.groups[0].name = 'Web'
      file.components[1].name = { en: 'Music', de: 'Musik', fr: 'Musique', 'pt-BR': 'Música' }
      file.components[1].description = { en: 'Plays songs' }
      file.product.links[0].label = { en: 'Dashboard', de: 'Übersicht', es: 'Panel' }
    }))
    assert.deepEqual(declaration.groups[0]!.name, { en: 'Web', de: 'Web', fr: 'Web', es: 'Web', 'pt-BR': 'Web' })
    assert.deepEqual(declaration.components[1]!.name, { en: 'Music', de: 'Musik', fr: 'Musique', es: 'Music', 'pt-BR': 'Música' })
    assert.deepEqual(declaration.components[1]!.description, { en: 'Plays songs', de: 'Plays songs', fr: 'Plays songs', es: 'Plays songs', 'pt-BR': 'Plays songs' })
    assert.deepEqual(declaration.product.links[0]!.label, { en: 'Dashboard', de: 'Übersicht', fr: 'Dashboard', es: 'Panel', 'pt-BR': 'Dashboard' })
  })

  it('names builtins in every shipped language from the locale files', (t) => {
    const [database] = load(t, changed(() => {})).components
    assert.deepEqual(database!.name, { en: 'Database', de: 'Datenbank', fr: 'Base de données', es: 'Base de datos', 'pt-BR': 'Banco de dados' })
  })

  it('reads templates: a string stands for every language, an object keeps each language given, trimmed', (t) => {
    const declaration = load(t, changed((file) => {
      file.templates = [
        template({ id: 'music-down', title: ' Music is down ', message: 'Songs stop.\nWe are on it.', impact: 'minor', components: undefined }),
        template({ title: { en: 'Discord is having trouble', fr: 'Discord rencontre des problèmes', 'pt-BR': 'O Discord está com problemas' } })
      ]
      delete file.templates[0].components
    }))
    assert.deepEqual(declaration.templates, [
      { id: 'music-down', title: { en: 'Music is down' }, message: { en: 'Songs stop.\nWe are on it.' }, impact: 'minor', components: [] },
      {
        id: 'platform-outage', title: { en: 'Discord is having trouble', fr: 'Discord rencontre des problèmes', 'pt-BR': 'O Discord está com problemas' },
        message: { en: 'Commands may not answer.' }, impact: 'major', components: ['music']
      }
    ])
    assert.deepEqual(load(t, changed(() => {})).templates, [], 'none declared: none')
  })

  it('fills in the defaults', (t) => {
    const declaration = load(t, changed((file) => { file.components[4].check.tcp.every = '5s' }))
    const [database, music, website, , tts] = declaration.components
    assert.deepEqual(database, {
      id: 'database', name: builtinName('database'), description: builtinDescription('database'), group: undefined, critical: false,
      check: { kind: 'builtin', probe: 'database' }
    })
    assert.deepEqual(music!.name, localizedText('music'))
    assert.equal(music!.description, undefined)
    assert.deepEqual(website!.check, {
      kind: 'http', url: 'https://acme.example', method: 'GET', headers: {}, everyMs: 60_000, timeoutMs: 10_000, confirm: 2,
      expect: { status: ANY_2XX, certDays: 14 }
    })
    assert.deepEqual(tts!.check, { kind: 'tcp', host: 'tts.internal', port: 5000, everyMs: 5000, timeoutMs: 5000, confirm: 2 }, 'the time limit is at most every')
    assert.deepEqual(declaration.groups, [{ id: 'web', name: localizedText({ en: 'Web', de: 'Web' }), collapsed: false }])
    assert.deepEqual(declaration.product, {
      name: 'Acme', url: 'https://acme.example', description: undefined, links: [{ label: localizedText({ en: 'Dashboard', de: 'Dashboard' }), url: 'https://acme.example/dashboard' }],
      footer: undefined, logo: undefined, logoDark: undefined, favicon: undefined, accent: undefined, accentDark: undefined
    })
  })

  it('reads uptime: with the defaults for what it leaves out, and the defaults without it', (t) => {
    assert.deepEqual(uptimePolicy(load(t, base())), DEFAULT_UPTIME)
    assert.deepEqual(DEFAULT_UPTIME, { barDays: 90, target: null, weights: { degraded_performance: 0, partial_outage: 0.5, major_outage: 1 }, maintenance: 'excluded' })
    const declared = load(t, changed((file) => { file.uptime = { barDays: 30, target: 99.9, weights: { degraded_performance: 0.1, major_outage: 1 }, maintenance: 'counted' } }))
    assert.deepEqual(declared.uptime, { barDays: 30, target: 99.9, weights: { degraded_performance: 0.1, partial_outage: 0.5, major_outage: 1 }, maintenance: 'counted' })
    const edges = load(t, changed((file) => { file.uptime = { barDays: 60, target: 0, weights: { degraded_performance: 0, partial_outage: 1, major_outage: 0 }, maintenance: 'up' } }))
    assert.deepEqual(edges.uptime, { barDays: 60, target: 0, weights: { degraded_performance: 0, partial_outage: 1, major_outage: 0 }, maintenance: 'up' }, '0 and 1 are in range')
  })

  it('keeps the file\'s order, reads a file with components alone, and spells colours one way', (t) => {
    const declaration = load(t, 'components:\n  - { id: z, check: { manual: true } }\n  - { id: a, builtin: cache }\n')
    assert.deepEqual(declaration.components.map((component) => component.id), ['z', 'a'])
    assert.deepEqual(declaration.groups, [])
    assert.equal(declaration.product.name, undefined)
    const coloured = load(t, changed((file) => { Object.assign(file.product, { accent: '#33D', accentDark: '#8C9BFF' }) }))
    assert.equal(coloured.product.accent, '#3333dd')
    assert.equal(coloured.product.accentDark, '#8c9bff')
  })

  it('accepts $schema for editors, 1m30s, 800ms and an empty JSON pointer', (t) => {
    const declaration = load(t, changed((file) => {
      file.$schema = './status.schema.json'
      http(file).every = '1m30s'
      http(file).expect = { json: { pointer: '', equals: { ok: true } }, latencyBelow: '800ms', certDays: 0 }
    }))
    const check = declaration.components[3]!.check
    assert.ok(check.kind === 'http')
    assert.equal(check.everyMs, 90_000)
    assert.deepEqual(check.expect, { status: ANY_2XX, json: { pointer: '', equals: { ok: true } }, latencyBelowMs: 800, certDays: 0 })
  })
})

const ANY_2XX = Array.from({ length: 100 }, (_, index) => 200 + index)
