// Hostile post-mortems in headless Chromium: script tags, event handlers, javascript: and data: links, HTML comments,
// 50,000 characters, lists and quotes nested thousands deep. Nothing runs (no flag set, no dialog, no page error), the
// section holds no active markup and no link but http(s) or relative, the page stays within its budget and does not
// scroll sideways on a phone. A screenshot goes to test-output/.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { publishPostmortem } from '../../src/incidents/postmortems.ts'
import { TEXT_LIMITS } from '../../src/incidents/rules.ts'
import { openIncident, resolveIncident } from '../../src/incidents/writes.ts'
import { buildTestApp } from '../helper.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from './browser.ts'

const OUTPUT = path.join(projectRoot, 'test-output')
/** What an incident page may weigh with a post-mortem of 50,000 characters: the worst text (every character markup, escaped to 4–5) and the page around it. */
const PAGE_BUDGET = 400 * 1024

const RUN = 'window.__pwned = true; alert(1)'
const ATTACKS = [
  `<script>${RUN}</script>`,
  `<SCRIPT SRC="data:text/javascript,${encodeURIComponent(RUN)}"></SCRIPT>`,
  `<img src=x onerror="${RUN}">`,
  `<svg onload="${RUN}"><circle r=9 /></svg>`,
  `<iframe srcdoc="<script>parent.__pwned=true</script>"></iframe>`,
  `<a href="javascript:${RUN}">html link</a>`,
  `<div style="background:url(javascript:alert(1))" onmouseover="${RUN}">hover</div>`,
  `<details open ontoggle="${RUN}"><summary>x</summary></details>`,
  `<!-- <script>${RUN}</script> -->`,
  `<!--><img src=x onerror="${RUN}">-->`,
  `[md link](javascript:window.__pwned=true)`,
  `[md upper](JaVaScRiPt:window.__pwned=true)`,
  `[md tab](java\tscript:window.__pwned=true)`,
  `[md entity](javascript&#58;window.__pwned=true)`,
  `[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `[md vbscript](vbscript:msgbox(1))`,
  `<javascript:window.__pwned=true>`,
  `![img](javascript:window.__pwned=true) ![img data](data:image/svg+xml,<svg onload=alert(1)>)`,
  `[ref link][r]\n\n[r]: javascript:window.__pwned=true`,
  '```html\n<script>window.__pwned = true</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  `| a | b |\n| - | - |\n| <img src=x onerror="${RUN}"> | [x](javascript:alert(1)) |`,
  '[fine](https://example.com/a?b=c) [relative](/status) [fragment](#postmortem)'
].join('\n\n')

/** `text` repeated to exactly the limit. */
const filled = (text: string) => text.repeat(Math.ceil(TEXT_LIMITS.postmortem / text.length)).slice(0, TEXT_LIMITS.postmortem)

const POSTMORTEMS: Record<string, string> = {
  'every attack once': `# What happened\n\n${ATTACKS}\n`,
  'the attacks to 50,000 characters': filled(`${ATTACKS}\n\n`),
  'lists nested thousands deep': filled('- a\n  - b\n    '.repeat(1) + Array.from({ length: 3000 }, (_, i) => `${' '.repeat(2 * i)}- level ${i} <b onclick="${RUN}">x</b>`).join('\n')),
  'quotes nested thousands deep': filled(`${'> '.repeat(20_000)}<script>${RUN}</script>\n`),
  'quotes and lists mixed': filled(`> - > 1. <img src=x onerror="${RUN}"> `),
  'markup characters alone': filled('<&>"\''),
  'a table of 50,000 characters': `| a | b | c |\n| - | - | - |\n${filled(`| <script>${RUN}</script> | x | [y](javascript:alert(1)) |\n`)}`.slice(0, TEXT_LIMITS.postmortem)
}

describe('hostile post-mortems in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('run nothing, carry no active markup or unsafe link, and stay within the page budget', async (t) => {
    const { app, context } = await buildTestApp(t)
    const { db } = context.database
    const now = Date.now()
    const ids: Record<string, number> = {}
    for (const [name, markdown] of Object.entries(POSTMORTEMS)) {
      const id = await openIncident(db, { title: `Hostile: ${name}`, impact: 'minor', status: 'investigating', message: 'Looking.' }, now - 3_600_000)
      await resolveIncident(db, id, undefined, now - 1_800_000)
      await publishPostmortem(db, id, markdown, now - 60_000)
      ids[name] = id
    }
    await context.incidents.refresh()
    await context.monitor.runOnce()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    mkdirSync(OUTPUT, { recursive: true })

    for (const [name, id] of Object.entries(ids)) {
      const { page, problems } = await watchedPage(browser, t, { viewport: { width: 375, height: 800 } })
      const dialogs: string[] = []
      page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss() })
      const started = performance.now()
      const response = await page.goto(`${base}/status/incidents/${id}`, { waitUntil: 'load' })
      assert.equal(response?.status(), 200, name)
      const bytes = Buffer.byteLength(await response!.text())
      t.diagnostic(`${name}: ${POSTMORTEMS[name]!.length} characters → ${Math.round(bytes / 1024)} KiB page, loaded in ${Math.round(performance.now() - started)} ms`)
      assert.ok(bytes <= PAGE_BUDGET, `${name}: the page is ${bytes} bytes, more than ${PAGE_BUDGET}`)

      // Hover and click everything in the section: a handler that slipped through would run now.
      const section = page.locator('#postmortem')
      assert.equal(await section.locator('h2').textContent(), 'Post-mortem', name)
      for (const target of await section.locator('.postmortem-body a, .postmortem-body div, .postmortem-body td').all().then((all) => all.slice(0, 20))) {
        await target.hover({ timeout: 2000, force: true }).catch(() => undefined)
      }
      await page.waitForTimeout(100)
      // A string, evaluated in the page (the test's TypeScript has no DOM types).
      const found = await page.evaluate(`(() => {
        const body = document.querySelector('#postmortem .postmortem-body')
        const active = [...body.querySelectorAll('script, iframe, object, embed, img, svg, form, input, button, style, link, meta, details, base')].map((element) => element.tagName)
        const handlers = [...body.querySelectorAll('*')].flatMap((element) => [...element.attributes].filter((attribute) => /^on/i.test(attribute.name) || attribute.name === 'style' || attribute.name === 'srcdoc').map((attribute) => element.tagName + ' ' + attribute.name))
        const links = [...body.querySelectorAll('a')].map((a) => a.href).filter((href) => !/^https?:$/.test(new URL(href).protocol))
        const wide = document.documentElement.scrollWidth > document.documentElement.clientWidth
        return { pwned: window.__pwned === true, active, handlers, links, wide, text: body.textContent.length }
      })()`) as { pwned: boolean, active: string[], handlers: string[], links: string[], wide: boolean, text: number }
      assert.equal(found.pwned, false, `${name}: a script ran`)
      assert.deepEqual(dialogs, [], `${name}: a dialog opened`)
      assert.deepEqual(found.active, [], `${name}: active elements`)
      assert.deepEqual(found.handlers, [], `${name}: handlers or styles`)
      assert.deepEqual(found.links, [], `${name}: links that are not http(s)`)
      assert.equal(found.wide, false, `${name}: the page scrolls sideways at 375 px`)
      assert.ok(found.text > 0, `${name}: the text is shown`)
      assert.deepEqual(problems.filter((problem) => !/Content Security Policy/i.test(problem)), [], `${name}: page errors`)
      if (name === 'every attack once') {
        const links = await page.evaluate(`[...document.querySelectorAll('#postmortem .postmortem-body a')].map((a) => a.getAttribute('href'))`)
        assert.deepEqual(links, ['https://example.com/a?b=c', '/status', '#postmortem'], 'the safe links stay, and only they')
        assert.deepEqual(await seriousAxeViolations(page), [], 'axe finds nothing serious on the page')
        await page.setViewportSize({ width: 1280, height: 900 })
        await section.screenshot({ path: path.join(OUTPUT, 'postmortem-hostile.png') })
      }
    }
  })
})
