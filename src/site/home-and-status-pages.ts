// The pages this module serves (home, status, the first page of the incident history, the uptime calendar and each declared component's
// page, in every served language), for the sitemap, llms.txt and friends.
import { localPath } from '../view/status-links.js'
import type { PagePair, PageSource } from './page-source.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { componentPath } from './component-page.ts'
import { TEXT } from '../view/status-view.js'
import { WORDS } from '../view/locale-words.js'

/**
 * With a declaration, its components' pages follow the status page and its history, in page order; `languages` are
 * the served ones (LANGUAGES), English always among them.
 */
export function sitePages (
  germanPrefix: string,
  declaration?: Pick<StatusDeclaration, 'components'> & Partial<Pick<StatusDeclaration, 'product'>>,
  languages: readonly PageLanguage[] = PAGE_LANGUAGES
): PageSource {
  const name = declaration?.product?.name
  const others = languages.filter((lang) => lang !== 'en')
  const pair = (pathIn: (lang: PageLanguage) => string, en: string, de: string): PagePair =>
    ({ en: pathIn('en'), ...Object.fromEntries(others.map((lang) => [lang, pathIn(lang)])), title: { en, de } })
  const components = (declaration?.components ?? []).map((component): PagePair =>
    pair((lang) => componentPath(lang, component.id, germanPrefix), component.name.en, component.name.de))
  const page = (path: string) => (lang: PageLanguage) => localPath(lang, path, germanPrefix)
  return {
    pages: () => [
      pair(page('/'), WORDS.en.site.home.title, WORDS.de.site.home.title),
      pair(page('/status'), TEXT.en.pageTitle(name), TEXT.de.pageTitle(name)),
      pair(page('/status/history'), TEXT.en.pastIncidents, TEXT.de.pastIncidents),
      pair(page('/status/uptime'), WORDS.en.site.uptime.title, WORDS.de.site.uptime.title),
      ...components
    ]
  }
}
