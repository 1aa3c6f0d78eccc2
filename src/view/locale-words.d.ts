// Types of locale-words.js (plain JavaScript, because the browser runs it too) for the server's TypeScript.
import type en from '../locales/en.json'
import type { PageLanguage } from '../lib/locale.ts'

/** One language's words: the shape of the reference, English. */
export type LocaleWords = typeof en
/** A shipped language's BCP 47 tag. */
export type LanguageTag = PageLanguage

export declare const WORDS: Record<LanguageTag, LocaleWords>
export declare const SHIPPED: LanguageTag[]
export declare const PLACEHOLDER: RegExp
/** Whether a value of a locale file is a plural message (an object of Intl.PluralRules categories). */
export declare function isPlural (value: unknown): value is Record<string, string>
/** A message with its placeholders filled; a plural message picks the form of `params.count`. */
export declare function message (tag: string, value: string | Record<string, string>, params?: Record<string, unknown>): string
