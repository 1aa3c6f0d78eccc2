// Every language's words (src/locales/<tag>.json) and the one way a message is filled in, for the server and the browser.
import en from '../locales/en.json' with { type: 'json' }
import de from '../locales/de.json' with { type: 'json' }
import fr from '../locales/fr.json' with { type: 'json' }
import es from '../locales/es.json' with { type: 'json' }
import ptBR from '../locales/pt-BR.json' with { type: 'json' }

/** The shipped languages by BCP 47 tag, English (the reference every other file is checked against) first. */
export const WORDS = { en, de, fr, es, 'pt-BR': ptBR }

/** The shipped languages' tags. */
export const SHIPPED = Object.keys(WORDS)

/** A plural message: an object whose keys are Intl.PluralRules categories, "other" among them. */
const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])
export function isPlural (value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'other' in value &&
    Object.keys(value).every((key) => CATEGORIES.has(key))
}

/** `{name}` in a message: the placeholders a translation must keep. */
export const PLACEHOLDER = /\{(\w+)\}/g

const rules = new Map()
/** The language's plural rules, made once (CLDR's, from Intl). */
function pluralRules (tag) {
  let found = rules.get(tag)
  if (found === undefined) { found = new Intl.PluralRules(tag); rules.set(tag, found) }
  return found
}

/**
 * A message of language `tag` with its placeholders filled from `params`: a plural message picks the form of
 * `params.count` by the language's plural rules. A placeholder without a value stays as written.
 */
export function message (tag, value, params = {}) {
  const text = isPlural(value) ? (value[pluralRules(tag).select(params.count)] ?? value.other) : value
  return text.replace(PLACEHOLDER, (whole, name) => name in params ? String(params[name]) : whole)
}
