// The product a notification speaks for (the status file's \`product\`): its name in Discord embeds (author and
// footer) and in webhook payloads, with the icon Discord can show. Undefined without a name: messages stay neutral.
import type { DeclaredProduct } from '../declaration/declaration.ts'

export interface NotifyProduct {
  name: string
  url: string | undefined
  /** The site path of a png or webp image of the product (favicon first, else logo); Discord shows no SVG. */
  iconPath: string | undefined
}

export function notifyProduct (product: Pick<DeclaredProduct, 'name' | 'url' | 'favicon' | 'logo'>): NotifyProduct | undefined {
  if (product.name === undefined) return undefined
  const icon = [product.favicon, product.logo].find((image) => image !== undefined && image.type !== 'image/svg+xml')
  return { name: product.name, url: product.url, iconPath: icon?.path }
}

/** What a webhook's \`data.product\` says: the name and website, never a file of the server. */
export function webhookProduct (product: NotifyProduct): { name: string, url?: string } {
  return { name: product.name, ...(product.url === undefined ? {} : { url: product.url }) }
}
