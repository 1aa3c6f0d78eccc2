// The accent as a stylesheet of its own (the CSP allows no inline style): it sets the colours that src/brand/colour.ts
// checked — links, the focus ring and buttons on the page backgrounds — and nothing else. Its name holds both colours,
// so it changes whenever they do and can be cached for a year.
import { ON_ACCENT } from './colour.ts'

export interface BrandStylesheet {
  path: string
  css: string
}

/** Undefined without an accent: the site's own colours stay. */
/** The product's two accents, as the status file's reader checked them (`#rrggbb`). */
export interface Accents {
  accent?: string | undefined
  accentDark?: string | undefined
}

export function brandStylesheet (product: Accents): BrandStylesheet | undefined {
  const { accent, accentDark } = product
  if (accent === undefined && accentDark === undefined) return undefined
  const light = accent === undefined ? '' : `:root { --link: ${accent}; --focus: ${accent}; --accent: ${accent}; --on-accent: ${ON_ACCENT.light}; }\n`
  const dark = accentDark === undefined
    ? ''
    : `@media (prefers-color-scheme: dark) {\n  :root { --link: ${accentDark}; --focus: ${accentDark}; --accent: ${accentDark}; --on-accent: ${ON_ACCENT.dark}; }\n}\n`
  const name = `accent-${(accent ?? '#none').slice(1)}-${(accentDark ?? '#none').slice(1)}.css`
  return { path: `/assets/brand/${name}`, css: `/* The product's accent (status file: product.accent, product.accentDark). */\n${light}${dark}` }
}
