// GET /assets/:name — the site's own CSS, scripts and images (src/site/asset-files.ts), loaded once at start. Pages
// link each by its content-hashed name, which never changes meaning, so it is cached for a year as immutable; the
// plain name (for links from outside) for a day.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { sendableBytes, type SendableBody } from '../../lib/serialized.ts'
import { assetFiles } from '../../site/asset-files.ts'
import { cacheControl } from '../headers.ts'
import { VERSION_KEYS } from '../../edge/cache-headers.ts'
import { sendSerialized } from '../send.ts'
import { problems } from '../../api/problems.ts'

interface Asset { body: SendableBody, type: string, hashed: boolean }

function servedAssets (): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  for (const file of assetFiles().values()) {
    const body = sendableBytes(file.bytes)
    assets.set(file.name, { body, type: file.type, hashed: false })
    assets.set(file.hashedName, { body, type: file.type, hashed: true })
  }
  return assets
}

export default async function assetRoutes (fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const assets = servedAssets()
  app.get<{ Params: { name: string } }>('/assets/:name', {
    config: { cacheControl: cacheControl.asset, edgeKeys: VERSION_KEYS, prepared: (_raw, { params }) => assets.get((params as { name: string }).name)?.body }
  }, (request, reply) => {
    // Only names read from the folder at start are served: no path ever reaches the file system.
    const asset = assets.get(request.params.name)
    if (asset === undefined) throw problems.notFound()
    if (asset.hashed) reply.header('cache-control', cacheControl.immutable)
    return sendSerialized(reply, asset.body, { type: asset.type })
  })
}
