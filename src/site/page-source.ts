// The HTML pages a module serves, each with its path in every language it exists in: the sitemap, llms.txt and the language switch read these.
import type { PageLanguage } from '../lib/locale.ts'

/**
 * Site-relative paths of the same page in each language (German below GERMAN_PREFIX, the others below their tag):
 * English always, German for every page the docs or the site have in it, the other languages where they are served.
 */
export type PagePair = { en: string, de?: string } & Partial<Record<Exclude<PageLanguage, 'en' | 'de'>, string>> & {
  title: { en: string, de: string }
}

/** Anything that serves HTML pages lists them through this. */
export interface PageSource {
  pages (): PagePair[]
}
