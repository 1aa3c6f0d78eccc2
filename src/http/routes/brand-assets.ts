// GET /assets/brand/:name — the product's logo, dark logo, favicon and accent stylesheet (docs/en/architecture.md#status-model), held in memory
// from the start under names that change with their content, so they are cached for a year. An SVG gets the data CSP
// of every non-HTML response (src/http/conventions.ts): opened on its own it runs no script.
import type { FastifyInstance } from 'fastify'
import { problems } from '../../api/problems.ts'
import { brandStylesheet } from '../../brand/stylesheet.ts'
import { sendableBytes, type SendableBody } from '../../lib/serialized.ts'
import type { DeclaredProduct } from '../../declaration/declaration.ts'
import { cacheControl } from '../headers.ts'
import { sendSerialized } from '../send.ts'

export interface BrandAssetOptions {
  product: DeclaredProduct
}

interface BrandAsset { body: SendableBody, type: string }

/** The served files by path: the images read with the status file, and the accent's stylesheet. */
function brandAssets (product: DeclaredProduct): Map<string, BrandAsset> {
  const assets = new Map<string, BrandAsset>()
  for (const image of [product.logo, product.logoDark, product.favicon]) {
    if (image !== undefined) assets.set(image.path, { body: sendableBytes(image.bytes), type: image.type })
  }
  const stylesheet = brandStylesheet(product)
  if (stylesheet !== undefined) assets.set(stylesheet.path, { body: sendableBytes(Buffer.from(stylesheet.css)), type: 'text/css; charset=utf-8' })
  return assets
}

export default async function brandAssetRoutes (app: FastifyInstance, options: BrandAssetOptions): Promise<void> {
  const assets = brandAssets(options.product)
  app.get<{ Params: { name: string } }>('/assets/brand/:name', {
    config: { cacheControl: cacheControl.immutable, edgeKeys: ['version'] }
  }, (request, reply) => {
    // Only the paths built at start are served: no name reaches the file system.
    const asset = assets.get(`/assets/brand/${request.params.name}`)
    if (asset === undefined) throw problems.notFound()
    return sendSerialized(reply, asset.body, { type: asset.type })
  })
}
