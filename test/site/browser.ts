// Headless Chromium for the page tests (playwright-core driving the machine's chromium); skips loudly without it.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { TestContext } from 'node:test'
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { skipUnless, which } from '../services/binaries.ts'

export const CHROMIUM = ['/usr/bin/chromium', which('chromium'), which('chromium-browser')].find((path) => path !== undefined && existsSync(path))

/** The skip reason for browser suites, or undefined when Chromium is installed. */
export function chromiumSkip (): string | undefined {
  return skipUnless(CHROMIUM !== undefined, 'chromium')
}

export function launchChromium (): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
}

/** axe-core's script, to evaluate in a page. */
export const AXE = readFileSync(path.join(projectRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8')

/**
 * axe-core's serious and critical violations on the page as it is now, one line each (rule and the first targets).
 * axe runs through the DevTools protocol, which the page's CSP does not govern (no bypassCSP needed).
 */
export async function seriousAxeViolations (page: Page): Promise<string[]> {
  await page.evaluate(AXE)
  const results = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`) as { violations: Array<{ id: string, impact: string, nodes: Array<{ target: string[] }> }> }
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * A page in a browser context of its own (closed after the test), and the page errors, console errors and warnings it
 * logs from then on.
 */
export async function watchedPage (browser: Browser, t: TestContext, options: BrowserContextOptions = {}): Promise<{ page: Page, problems: string[] }> {
  const context = await browser.newContext(options)
  // Bounded: a context Chromium never closes fails the test with this, not the whole suite at its time limit.
  t.after(() => Promise.race([
    context.close(),
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('Chromium did not close a page\'s context within 60 s')), 60_000).unref())
  ]))
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text()) })
  return { page, problems }
}
