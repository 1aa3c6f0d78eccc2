// Text every format can carry: U+FFFE and U+FFFF (and every other noncharacter) are refused by the shared input rules
// through the real CLI, for titles and messages of incidents and maintenance windows, with nothing written; a row that
// holds them anyway (written before the rule) leaves all four feeds of a real `status-api serve` valid XML for xmllint,
// the character replaced by U+FFFD. `&amp;` typed by an operator reads as `&amp;` in /status.md once rendered.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { marked } from 'marked'
import { checkMessage, checkTitle, InvalidInput } from '../../src/incidents/rules.ts'
import { xmlSafe } from '../../src/lib/xml-chars.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { insertIncident } from '../../src/store/repositories/incidents.ts'
import { tempDir } from '../helper.ts'
import { startApp } from '../services/app-process.ts'
import { runBinWith } from '../cli/run-bin.ts'

const xmllint = spawnSync('xmllint', ['--version']).status === 0

describe('noncharacters are refused at input', () => {
  it('by the shared rules every front door uses: U+FFFE, U+FFFF, U+FDD0, U+10FFFF named in one line', () => {
    for (const [char, code] of [['\uFFFE', 'U+FFFE'], ['\uFFFF', 'U+FFFF'], ['\uFDD0', 'U+FDD0'], ['\u{10FFFF}', 'U+10FFFF']] as const) {
      assert.throws(() => checkTitle('--title', `Down ${char}`), (error: unknown) => error instanceof InvalidInput &&
        error.message === `--title contains ${code}, a Unicode noncharacter that feeds cannot carry`)
      assert.throws(() => checkMessage('--message', `line\n${char}`), InvalidInput)
    }
    assert.equal(checkTitle('--title', 'Ümlaut 🚀 \uFFFD'), 'Ümlaut 🚀 \uFFFD', 'other text is kept verbatim')
  })

  it('by the real CLI for incidents and maintenance windows: exit 2, one line, nothing written', async (t) => {
    const dataDir = tempDir(t)
    const cli = (args: string[]) => runBinWith({ DATA_DIR: dataDir }, args)
    assert.equal((await cli(['migrate'])).code, 0)
    const opened = await cli(['incident', 'open', '--title', 'Fine', '--impact', 'minor', '--message', 'ok'])
    assert.equal(opened.code, 0, opened.stderr)
    for (const args of [
      ['incident', 'open', '--title', 'Bad \uFFFE', '--impact', 'minor', '--message', 'm'],
      ['incident', 'open', '--title', 'Bad', '--impact', 'minor', '--message', 'm \uFFFF'],
      ['incident', 'update', '1', '--message', 'still \uFFFE'],
      ['maintenance', 'schedule', '--title', 'Move \uFFFF', '--message', 'm', '--from', 'now', '--to', '+1h']
    ]) {
      const refused = await cli(args)
      assert.equal(refused.code, 2, args.join(' '))
      assert.match(refused.stderr, /contains U\+FFF[EF], a Unicode noncharacter that feeds cannot carry\n$/)
    }
    const database = openDatabase({ databaseUrl: undefined, dataDir })
    t.after(() => database.close())
    assert.equal((await database.db.selectFrom('incident_updates').select('id').execute()).length, 1, 'only the fine incident')
    assert.equal((await database.db.selectFrom('maintenances').select('id').execute()).length, 0)
  })
})

describe('feeds stay valid XML for any stored text', { skip: xmllint ? undefined : 'xmllint (libxml2-utils) is not installed' }, () => {
  it('an incident row holding U+FFFE, U+FFFF and a lone surrogate: all four feeds of a real process pass xmllint', async (t) => {
    const dataDir = tempDir(t)
    const database = openDatabase({ databaseUrl: undefined, dataDir })
    await migrate(database)
    // Written as an older version accepted it, past today's rules.
    await insertIncident(database.db, { title: 'Broken \uFFFE title', impact: 'major', status: 'investigating', message: 'A \uFFFF message \uD800 & <b>', at: new Date().toISOString() })
    await database.close()
    const app = await startApp({ DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://status.example.com' })
    t.after(() => app.stop())
    for (const path of ['/status/feed.atom', '/status/feed.rss', '/de/status/feed.atom', '/de/status/feed.rss']) {
      const response = await fetch(app.url + path)
      assert.equal(response.status, 200, path)
      const xml = await response.text()
      assert.match(xml, /Broken \uFFFD title/, `${path}: the character replaced`)
      assert.ok(!/[\uFFFE\uFFFF]/.test(xml), path)
      const lint = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' })
      assert.equal(lint.status, 0, `${path}: ${lint.stderr}`)
    }
    // The same check fails on the text before replacement (the test can fail).
    const raw = spawnSync('xmllint', ['--noout', '-'], { input: '<a>\uFFFE</a>', encoding: 'utf8' })
    assert.notEqual(raw.status, 0)
    assert.equal(xmlSafe('<a>\uFFFE\u0001\uD800ok\u{1F680}</a>'), '<a>\uFFFD\uFFFD\uFFFDok\u{1F680}</a>')
  })
})

describe('/status.md escapes entities', () => {
  it('`&amp;` typed by an operator reads as `&amp;` once the Markdown is rendered; a plain & stays as it is', async (t) => {
    const dataDir = tempDir(t)
    assert.equal((await runBinWith({ DATA_DIR: dataDir }, ['migrate'])).code, 0)
    const opened = await runBinWith({ DATA_DIR: dataDir }, ['incident', 'open', '--title', 'Fish &amp; chips & peas', '--impact', 'minor', '--message', 'Use &lt;b&gt; or &#38; & more'])
    assert.equal(opened.code, 0, opened.stderr)
    const app = await startApp({ DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://status.example.com' })
    t.after(() => app.stop())
    const markdown = await (await fetch(`${app.url}/status.md`)).text()
    assert.ok(markdown.includes('Fish \\&amp; chips & peas'), markdown)
    const html = await marked.parse(markdown)
    const text = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    assert.ok(text.includes('Fish &amp; chips & peas'), text)
    assert.ok(text.includes('Use &lt;b&gt; or &#38; & more'), text)
  })
})
