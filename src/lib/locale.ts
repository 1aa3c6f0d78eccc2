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

/**
 * The shipped language of a locale code such as Discord sends (an interaction's `locale`, a server's `guild_locale`),
 * by its language: `es-419` is Spanish too, `en-US` English, `de-AT` German; undefined for a language not shipped
 * (`ja`), which callers speak English to.
 */
export function shippedLanguageOf (code: string | undefined | null): PageLanguage | undefined {
  if (code === undefined || code === null) return undefined
  const base = code.split('-')[0]!.toLowerCase()
  return PAGE_LANGUAGES.find((tag) => tag.split('-')[0]!.toLowerCase() === base)
}
