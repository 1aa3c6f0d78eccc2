// The bodies of the discovery routes: the RFC 9727 API catalog (an RFC 9264 linkset) and the OpenAPI description.
import { Type, type Static } from 'typebox'

const LinkTarget = Type.Object({
  href: Type.String({ format: 'uri', description: 'Absolute URL of the target.' }),
  type: Type.String({ description: 'Media type of the target.' }),
  title: Type.Optional(Type.String()),
  hreflang: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'Languages of the target (RFC 9264: always an array).' }))
}, { additionalProperties: false })

const LinkContext = Type.Object({
  anchor: Type.String({ format: 'uri', description: 'The API these links describe: `{base_url}/api/v1`.' }),
  'service-desc': Type.Array(LinkTarget, { minItems: 1, description: 'The machine-readable description: the OpenAPI 3.1 document.' }),
  'service-doc': Type.Array(LinkTarget, { minItems: 1, description: 'The human-readable documentation, English first.' }),
  status: Type.Array(LinkTarget, { minItems: 1, description: 'The API\'s own health endpoint.' })
}, { additionalProperties: false })

export const ApiCatalogBody = Type.Object({
  linkset: Type.Array(LinkContext, { minItems: 1, maxItems: 1, description: 'One link context object: this API.' })
}, {
  $id: 'ApiCatalog',
  title: 'ApiCatalog',
  description: 'An RFC 9264 linkset with `linkset` as its sole member (RFC 9727 API catalog).',
  additionalProperties: false,
  examples: [{
    linkset: [{
      anchor: 'https://status.example.com/api/v1',
      'service-desc': [{ href: 'https://status.example.com/api/v1/openapi.json', type: 'application/openapi+json;version=3.1', title: 'OpenAPI 3.1 description' }],
      'service-doc': [
        { href: 'https://status.example.com/docs/api', type: 'text/html', hreflang: ['en'], title: 'API documentation' },
        { href: 'https://status.example.com/de/docs/api', type: 'text/html', hreflang: ['de'], title: 'API-Dokumentation' }
      ],
      status: [{ href: 'https://status.example.com/api/v1/health', type: 'application/json', title: 'Health' }]
    }]
  }]
})
export type ApiCatalogBody = Static<typeof ApiCatalogBody>

export const OpenApiBody = Type.Object({
  openapi: Type.String({ pattern: '^3\\.1\\.\\d+$', description: 'The OpenAPI version: 3.1.x.' }),
  info: Type.Object({ title: Type.String(), version: Type.String() }),
  servers: Type.Array(Type.Object({ url: Type.String({ format: 'uri' }) }), { minItems: 1, maxItems: 1, description: 'One server: `{base_url}`.' }),
  paths: Type.Record(Type.String(), Type.Object({}), { description: 'Every operation of the API, by path.' })
}, {
  $id: 'OpenApiDocument',
  title: 'OpenApiDocument',
  description: 'This OpenAPI 3.1 document (its own schema is https://spec.openapis.org/oas/3.1/schema).',
  examples: [{ openapi: '3.1.0', info: { title: 'Public Status API', version: '1.0.0' }, servers: [{ url: 'https://status.example.com' }], paths: {} }]
})
