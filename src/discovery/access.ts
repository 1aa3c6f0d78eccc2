// Which discovery documents this request may see (docs/en/architecture.md#discovery): staging hides them, PUBLIC_BASE_URL pins them to one host.
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config/index.ts'
import { isHostOf } from '../lib/host.ts'

/**
 * The API catalog and the OpenAPI description: never on staging; in production with PUBLIC_BASE_URL set, only
 * when the request is addressed to that host (Host, or X-Forwarded-Host with TRUST_PROXY).
 */
export function servesApiDescription (request: FastifyRequest, config: Config): boolean {
  if (config.deployEnv === 'staging') return false
  return config.publicBaseUrl === undefined || isHostOf(request.host, config.publicBaseUrl)
}

/** The sitemap: never on staging, so crawlers record no staging URLs. */
export function servesSitemap (config: Config): boolean {
  return config.deployEnv !== 'staging'
}
