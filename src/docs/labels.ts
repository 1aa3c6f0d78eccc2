// The few words the docs pages say themselves, in both languages.
import type { Locale } from '../lib/locale.ts'

export const LABELS = {
  en: {
    docs: 'Documentation',
    search: 'Search',
    searchLabel: 'Search the documentation',
    searchPlaceholder: 'e.g. rate limit',
    searchTitle: (q: string) => `Search: ${q}`,
    resultsFor: (count: number, q: string) => `${count === 0 ? 'No' : count} result${count === 1 ? '' : 's'} for “${q}”`,
    emptyQuery: 'Type a word or two to search the documentation.',
    pages: 'Pages',
    onThisPage: 'On this page',
    intro: 'Introduction'
  },
  de: {
    docs: 'Dokumentation',
    search: 'Suchen',
    searchLabel: 'Die Dokumentation durchsuchen',
    searchPlaceholder: 'z. B. Ratenbegrenzung',
    searchTitle: (q: string) => `Suche: ${q}`,
    resultsFor: (count: number, q: string) => `${count === 0 ? 'Keine' : count} ${count === 1 ? 'Treffer' : 'Treffer'} für „${q}“`,
    emptyQuery: 'Geben Sie ein oder zwei Wörter ein, um die Dokumentation zu durchsuchen.',
    pages: 'Seiten',
    onThisPage: 'Auf dieser Seite',
    intro: 'Einleitung'
  }
} satisfies Record<Locale, unknown>
