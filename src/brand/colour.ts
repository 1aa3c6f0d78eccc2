// The accent colours' contrast (WCAG 2.x relative luminance): the light accent against the light theme's backgrounds
// and white text on it, the dark accent against the dark theme's backgrounds; the default dark accent is the light one
// lightened until it reaches the ratio there.

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5

/**
 * The page backgrounds of each theme (--bg and --surface in src/site/assets/site.css): the accent is link text on
 * both, and the focus ring and button colour. The darker/lighter of the pair is the one that limits the ratio.
 */
const THEME_BACKGROUNDS = {
  light: ['#f6f7f9', '#ffffff'],
  dark: ['#0d1117', '#161b22']
} as const

/** Text on the accent in each theme (--on-accent): white on the light accent, the dark surface on the dark accent. */
export const ON_ACCENT = { light: '#ffffff', dark: '#161b22' } as const

type Rgb = [number, number, number]

function rgb (hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function hexOf ([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

function luminance (hex: string): number {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio (a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The lowest ratio of `colour` against every background of a theme. */
export function themeContrast (colour: string, theme: keyof typeof THEME_BACKGROUNDS): number {
  return Math.min(...THEME_BACKGROUNDS[theme].map((background) => contrastRatio(colour, background)))
}

/** A ratio as people read it, rounded down so that a refused 4.499 never reads "4.5:1". */
export function formatRatio (ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`
}

/** `colour` mixed towards white in steps of 1 % until it reaches MIN_CONTRAST on the dark theme (white always does). */
export function lightenForDark (colour: string): string {
  const from = rgb(colour)
  for (let step = 0; step <= 100; step++) {
    const mixed = hexOf(from.map((channel) => Math.round(channel + (255 - channel) * step / 100)) as Rgb)
    if (themeContrast(mixed, 'dark') >= MIN_CONTRAST) return mixed
  }
  return '#ffffff'
}
