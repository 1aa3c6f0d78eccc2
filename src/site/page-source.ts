// The HTML pages a module serves, as English/German pairs: the sitemap, llms.txt and the language switch read these.

export interface PagePair {
  /** Site-relative paths of the same page in each language (the German one under GERMAN_PREFIX). */
  en: string
  de: string
  title: { en: string, de: string }
}

/** Anything that serves HTML pages lists them through this. */
export interface PageSource {
  pages (): PagePair[]
}
