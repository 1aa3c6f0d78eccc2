// The pages this module serves (home, status, the first page of the incident history and each declared component's
// page, English and German), for the sitemap, llms.txt and friends.
import { localPath } from '../view/status-links.js'
import type { PagePair, PageSource } from './page-source.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { componentPath } from './component-page.ts'
import { TEXT } from '../view/status-view.js'

/** With a declaration, its components' pages follow the status page and its history, in page order. */
export function sitePages (germanPrefix: string, declaration?: Pick<StatusDeclaration, 'components'> & Partial<Pick<StatusDeclaration, 'product'>>): PageSource {
  const name = declaration?.product?.name
  const pair = (path: string, en: string, de: string): PagePair =>
    ({ en: path, de: localPath('de', path, germanPrefix), title: { en, de } })
  const components = (declaration?.components ?? []).map((component): PagePair => ({
    en: componentPath('en', component.id, germanPrefix),
    de: componentPath('de', component.id, germanPrefix),
    title: { en: component.name.en, de: component.name.de }
  }))
  return {
    pages: () => [
      pair('/', 'Status service', 'Statusdienst'),
      pair('/status', TEXT.en.pageTitle(name), TEXT.de.pageTitle(name)),
      pair('/status/history', TEXT.en.pastIncidents, TEXT.de.pastIncidents),
      ...components
    ]
  }
}
