// Schemas shared by many routes: the problem body and the error responses it documents.
import { Type, type TSchema } from 'typebox'

export const ProblemSchema = Type.Object({
  type: Type.String({ description: 'A URI reference naming the problem type; `about:blank` means the HTTP status says it all.', examples: ['about:blank'] }),
  title: Type.String({ description: 'The HTTP reason phrase.', examples: ['Service Unavailable'] }),
  status: Type.Integer({ description: 'The HTTP status code, repeated.', examples: [503] }),
  detail: Type.String({ description: 'A sentence for humans explaining this occurrence.' }),
  code: Type.String({ description: 'A stable machine-readable name: invalid_request, not_found, method_not_allowed, rate_limited, not_ready, upstream_unavailable, bad_request, internal_error.', examples: ['not_ready'] })
}, { $id: 'Problem', title: 'Problem', description: 'RFC 9457 problem details.' })

/** A JSON success response for the route schema (and so for OpenAPI). */
export function jsonResponse (description: string, schema: TSchema) {
  return { description, content: { 'application/json': { schema } } }
}

/** Problem responses a route can give, by status code, for the route schema (and so for OpenAPI). */
export function problemResponses (descriptions: Record<number, string>) {
  return Object.fromEntries(Object.entries(descriptions).map(([status, description]) =>
    [status, { description, content: { 'application/problem+json': { schema: ProblemSchema } } }]))
}
