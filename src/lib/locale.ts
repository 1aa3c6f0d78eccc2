// The languages the site and the docs speak: the docs English and German, the pages every shipped language.
export type Locale = 'en' | 'de'

/** The shipped page languages by BCP 47 tag, one file each in src/locales/ (test/locales/ holds the two lists equal). */
export const PAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR'] as const

/** A shipped page language. */
export type PageLanguage = typeof PAGE_LANGUAGES[number]

/** The docs' language for a page language: German pages link to the German docs, every other to the English ones. */
export function docsLanguage (lang: PageLanguage): Locale {
  return lang === 'de' ? 'de' : 'en'
}
