// Holds real responses to the served OpenAPI document: the status is declared, the content type is one the
// document lists, the body validates against its JSON Schema 2020-12 schema, and required headers are present and valid.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { LightMyRequestResponse as Response } from 'fastify'

type Json = Record<string, unknown>

export interface Parameter { name: string, in: string, required?: boolean, example?: unknown, schema?: Json }
export interface Operation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  responses: Record<string, Json>
}
export interface OperationEntry { path: string, method: string, operation: Operation }

const METHODS = ['get', 'head', 'options', 'put', 'post', 'patch', 'delete', 'trace']

/** `application/problem+json; charset=utf-8` → `application/problem+json`. */
export const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase()

export class OpenApiContract {
  readonly document: Json
  readonly #ajv: Ajv2020
  readonly #validators = new Map<unknown, ValidateFunction>()
  readonly #defs: Json

  constructor (document: Json) {
    this.document = document
    // OpenAPI's own keywords are annotations here; formats (date-time, uri, date) are checked.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
    addFormats.default(this.#ajv)
    const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json
    this.#defs = rewriteRefs(schemas) as Json
  }

  operations (): OperationEntry[] {
    const paths = this.document.paths as Record<string, Record<string, Operation>>
    return Object.entries(paths).flatMap(([path, item]) => Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })))
  }

  /** A `#/components/...` reference resolved (one level is all the document uses). */
  resolve<T = Json> (value: unknown): T {
    const ref = (value as { $ref?: string }).$ref
    if (ref === undefined) return value as T
    return ref.replace(/^#\//, '').split('/').reduce<Json>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, this.document) as T
  }

  /** The errors of `value` against `schema` (a schema of this document), or [] when it validates. */
  validate (schema: unknown, value: unknown): string[] {
    let validator = this.#validators.get(schema)
    if (validator === undefined) {
      validator = this.#ajv.compile({ ...(rewriteRefs(schema) as Json), $defs: this.#defs })
      this.#validators.set(schema, validator)
    }
    if (validator(value)) return []
    return (validator.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
  }

  /** Every way `response` breaks the document's promise for `method path`; [] when it keeps it. */
  check (entry: OperationEntry, response: Response, options: { head?: boolean } = {}): string[] {
    const declared = entry.operation.responses[String(response.statusCode)]
    if (declared === undefined) return [`status ${response.statusCode} is not documented (body: ${response.body.slice(0, 200)})`]
    const documented = this.resolve<{ content?: Record<string, { schema?: unknown }>, headers?: Record<string, unknown> }>(declared)
    const errors = this.#checkHeaders(documented.headers ?? {}, response)
    const type = response.headers['content-type']
    if (documented.content === undefined) {
      if (response.body !== '') errors.push(`status ${response.statusCode} documents no body but one was sent`)
      return errors
    }
    if (typeof type !== 'string') return [...errors, 'no content type sent']
    const media = Object.entries(documented.content).find(([key]) => essence(key) === essence(type))
    if (media === undefined) return [...errors, `content type ${type} is not documented for ${response.statusCode}`]
    if (options.head === true) {
      if (response.body !== '') errors.push('HEAD sent a body')
      return errors
    }
    if (!essence(type).endsWith('json')) return errors
    let body: unknown
    try {
      body = JSON.parse(response.body)
    } catch {
      return [...errors, 'the body is not JSON']
    }
    return [...errors, ...this.validate(media[1].schema, body).map((error) => `body ${error}`)]
  }

  #checkHeaders (headers: Record<string, unknown>, response: Response): string[] {
    const errors: string[] = []
    for (const [name, reference] of Object.entries(headers)) {
      const header = this.resolve<{ required?: boolean, schema?: Json }>(reference)
      const raw = response.headers[name.toLowerCase()]
      if (raw === undefined) {
        if (header.required === true) errors.push(`required header ${name} is missing`)
        continue
      }
      const type = header.schema?.type
      const value = type === 'integer' || type === 'number' ? Number(raw) : String(raw)
      errors.push(...this.validate(header.schema ?? {}, value).map((error) => `header ${name}: ${error}`))
    }
    return errors
  }
}

/** `#/components/schemas/X` → `#/$defs/X`, so a schema compiles on its own with the components as its $defs. */
function rewriteRefs (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [
    key,
    key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '#/$defs/') : rewriteRefs(inner)
  ]))
}

/** A value a query or path parameter accepts: its example, default, or one made to fit its schema. */
export function validValue (parameter: Parameter): string {
  const schema = parameter.schema ?? {}
  const example = parameter.example ?? (schema.examples as unknown[] | undefined)?.[0] ?? schema.default ?? (schema.enum as unknown[] | undefined)?.[0]
  if (example !== undefined) return String(example)
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1)
  const minLength = Number(schema.minLength ?? 1)
  const maxLength = Number(schema.maxLength ?? 50)
  return 'status'.padEnd(minLength, 's').slice(0, maxLength)
}

/** Values the parameter's schema rejects (each should earn a 400), with what makes each wrong. */
export function invalidValues (parameter: Parameter): Array<{ value: string | undefined, why: string }> {
  const schema = parameter.schema ?? {}
  const values: Array<{ value: string | undefined, why: string }> = []
  if (parameter.required === true) values.push({ value: undefined, why: 'missing' })
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push({ value: 'not-a-number', why: 'not a number' })
    if (typeof schema.maximum === 'number') values.push({ value: String(schema.maximum + 1), why: 'above the maximum' })
    if (typeof schema.minimum === 'number') values.push({ value: String(schema.minimum - 1), why: 'below the minimum' })
  }
  if (schema.type === 'string') {
    if (typeof schema.maxLength === 'number') values.push({ value: 'x'.repeat(schema.maxLength + 1), why: 'too long' })
    if (typeof schema.minLength === 'number' && schema.minLength > 0) values.push({ value: '', why: 'too short' })
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern, 'u')
      for (const [value, why] of [[' ', 'only white space'], ['x'.repeat(1000), 'a thousand characters']] as const) {
        if (!pattern.test(value)) values.push({ value, why: `${why}, which the pattern refuses` })
      }
    }
  }
  if (Array.isArray(schema.enum)) values.push({ value: 'not-one-of-them', why: 'not in the enum' })
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern)
    const value = ['x', '0', '12345', '1'.repeat(64)].find((candidate) => !pattern.test(candidate))
    if (value !== undefined) values.push({ value, why: 'not matching its pattern' })
  }
  return values
}

/**
 * The operation's URL with every path parameter and every required query parameter filled in, plus `overrides`
 * (undefined removes a query parameter).
 */
export function operationUrl (entry: OperationEntry, overrides: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams()
  let path = entry.path
  for (const parameter of entry.operation.parameters ?? []) {
    if (parameter.in === 'path') {
      const value = Object.hasOwn(overrides, parameter.name) ? overrides[parameter.name] ?? '' : validValue(parameter)
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(value))
    }
    if (parameter.in === 'query' && parameter.required === true) query.set(parameter.name, validValue(parameter))
  }
  const pathNames = new Set((entry.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name))
  for (const [name, value] of Object.entries(overrides)) {
    if (pathNames.has(name)) continue
    if (value === undefined) query.delete(name)
    else query.set(name, value)
  }
  const search = query.toString()
  return search === '' ? path : `${path}?${search}`
}
