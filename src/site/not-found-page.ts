// The page a browser gets for an address that does not exist (HTTP 404), in the site's layout and the visitor's
// language, with the ways back: the status page, the docs, the home page.
import type { DeclaredProduct } from '../declaration/declaration.ts'
import { escapeHtml } from '../lib/html.ts'
import { docsLanguage, type PageLanguage } from '../lib/locale.ts'
import { WORDS as LOCALES } from '../view/locale-words.js'
import { brandedTitle, renderPage } from './layout.ts'
import { localPath } from '../view/status-links.js'

export interface NotFoundPageOptions {
  lang: PageLanguage
  germanPrefix: string
  notice?: string
  product?: DeclaredProduct
}

export function renderNotFoundPage (options: NotFoundPageOptions): string {
  const { lang, germanPrefix, notice, product } = options
  const words = LOCALES[lang].site.notFound
  const link = (path: string, label: string, tag: PageLanguage = lang) => `<li><a href="${escapeHtml(localPath(tag, path, germanPrefix))}">${escapeHtml(label)}</a></li>`
  const body = `<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.text)}</p>
<ul class="not-found-links">
${link('/status', words.status)}
${link('/docs', words.docs, docsLanguage(lang))}
${link('/', words.home)}
</ul>`
  return renderPage({ lang, title: brandedTitle(lang, words.title, product), description: words.description, body, germanPrefix, notice, product })
}
