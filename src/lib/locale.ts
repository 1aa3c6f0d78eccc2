// The languages the site and the docs speak.
export type Locale = 'en' | 'de'
