// The HTML pages DESIGN §5 names, as a stand-in page source until the site and docs modules list their own pages.
import type { PagePair, PageSource } from '../site/pages.ts'

export function interimPages (germanPrefix: string): PageSource {
  const pairs: PagePair[] = [
    { en: '/', de: germanPrefix, title: { en: 'Status', de: 'Status' } },
    { en: '/status', de: `${germanPrefix}/status`, title: { en: 'Status page', de: 'Statusseite' } },
    { en: '/docs/api', de: `${germanPrefix}/docs/api`, title: { en: 'API documentation', de: 'API-Dokumentation' } }
  ]
  return { pages: () => pairs }
}
