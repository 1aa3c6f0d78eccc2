// Heading anchors: ASCII slugs (umlauts spelled out) that stay the same as long as the heading text does,
// numbered when a page repeats a heading. `## Title {#custom-id}` pins an anchor explicitly.

const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' }
const EXPLICIT = /\s*\{#([A-Za-z][\w-]*)\}\s*$/

export function slugify (text: string): string {
  return text.toLowerCase()
    .replace(/[äöüß]/g, (c) => SPELLED[c]!)
    .normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9\s_-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Splits `Heading {#id}` into the visible text and the pinned id. */
export function explicitAnchor (text: string): { text: string, id?: string } {
  const match = EXPLICIT.exec(text)
  return match === null ? { text } : { text: text.slice(0, match.index), id: match[1]!.toLowerCase() }
}

/** Hands out unique anchors within one page, in document order. */
export function createSlugger (): (text: string, explicit?: string) => string {
  const used = new Map<string, number>()
  return (text, explicit) => {
    const base = explicit ?? (slugify(text) || 'section')
    let slug = base
    let count = used.get(base) ?? 0
    while (used.has(slug)) slug = `${base}-${++count}`
    used.set(base, count)
    used.set(slug, used.get(slug) ?? 0)
    return slug
  }
}
