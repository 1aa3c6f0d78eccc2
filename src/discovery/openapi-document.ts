// The OpenAPI document as served to one base URL: the generated description with `servers` = [{base_url}].
type Json = Record<string, unknown>

export function withServer (document: Json, baseUrl: string): Json {
  const { openapi, info, ...rest } = document
  return {
    openapi,
    info,
    servers: [{ url: baseUrl, description: 'This service' }],
    externalDocs: { description: 'The human-readable guide to this API', url: `${baseUrl}/docs/api` },
    ...rest
  }
}
