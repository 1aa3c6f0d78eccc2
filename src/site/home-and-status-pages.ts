// The pages this module serves (home and status, English and German), for the sitemap, llms.txt and friends.
import { localPath } from './layout.ts'
import type { PagePair, PageSource } from './page-source.ts'

export function sitePages (germanPrefix: string): PageSource {
  const pair = (path: string, en: string, de: string): PagePair =>
    ({ en: path, de: localPath('de', path, germanPrefix), title: { en, de } })
  return {
    pages: () => [
      pair('/', 'Status service', 'Statusdienst'),
      pair('/status', 'System status', 'Systemstatus')
    ]
  }
}
