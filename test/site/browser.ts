// Headless Chromium for the page tests (playwright-core driving the machine's chromium); skips loudly without it.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { skipUnless, which } from '../services/binaries.ts'

const CHROMIUM = ['/usr/bin/chromium', which('chromium'), which('chromium-browser')].find((path) => path !== undefined && existsSync(path))

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
