// GET /assets/:name — the site's own CSS, scripts and images from src/site/assets, and the view's browser modules from
// src/view, loaded once at start: both folders are served under /assets/, so their names never collide.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { projectRoot } from '../../config/project-root.ts'
import { sendableBytes, type SendableBody } from '../../lib/serialized.ts'
import { cacheControl } from '../headers.ts'
import { VERSION_KEYS } from '../edge-headers.ts'
import { sendSerialized } from '../send.ts'
import { problems } from '../../api/problems.ts'

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8'
}

const ASSETS_DIRS = [path.join(projectRoot, 'src', 'site', 'assets'), path.join(projectRoot, 'src', 'view')]

interface Asset { body: SendableBody, type: string }

function loadAssets (dirs: string[]): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      const type = TYPES[path.extname(name)]
      if (type === undefined) continue
      if (assets.has(name)) throw new Error(`two assets are named ${name}: src/site/assets and src/view share /assets/`)
      assets.set(name, { body: sendableBytes(readFileSync(path.join(dir, name))), type })
    }
  }
  return assets
}

export default async function assetRoutes (fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const assets = loadAssets(ASSETS_DIRS)
  app.get<{ Params: { name: string } }>('/assets/:name', {
    config: { cacheControl: cacheControl.asset, edgeKeys: VERSION_KEYS }
  }, (request, reply) => {
    // Only names read from the folder at start are served: no path ever reaches the file system.
    const asset = assets.get(request.params.name)
    if (asset === undefined) throw problems.notFound()
    return sendSerialized(reply, asset.body, { type: asset.type })
  })
}
