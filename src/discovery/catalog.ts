// The RFC 9727 API catalog: an RFC 9264 linkset with one context object pointing to the OpenAPI description, the
// documentation pages and the health endpoint, every URL absolute.
import type { ApiCatalogBody } from '../api/discovery.ts'

export const CATALOG_PATH = '/.well-known/api-catalog'
export const OPENAPI_PATH = '/api/v1/openapi.json'
export const CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'
export const OPENAPI_MEDIA_TYPE = 'application/openapi+json;version=3.1'

/** The `Link` header on the catalog's GET and HEAD (RFC 9727 §4.1). */
export function catalogLinkHeader (baseUrl: string): string {
  return `<${baseUrl}${CATALOG_PATH}>; rel="api-catalog"`
}

export function apiCatalog (baseUrl: string, germanPrefix: string): ApiCatalogBody {
  return {
    linkset: [{
      anchor: `${baseUrl}/api/v1`,
      'service-desc': [{ href: `${baseUrl}${OPENAPI_PATH}`, type: OPENAPI_MEDIA_TYPE, title: 'OpenAPI 3.1 description' }],
      'service-doc': [
        { href: `${baseUrl}/docs/api`, type: 'text/html', hreflang: ['en'], title: 'API documentation' },
        { href: `${baseUrl}${germanPrefix}/docs/api`, type: 'text/html', hreflang: ['de'], title: 'API-Dokumentation' }
      ],
      status: [{ href: `${baseUrl}/api/v1/health`, type: 'application/json', title: 'Health of the service' }]
    }]
  }
}
