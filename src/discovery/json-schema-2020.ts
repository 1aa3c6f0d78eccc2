// Rewrites the OpenAPI 3.0 and draft-07 habits that @fastify/swagger and TypeBox leave in a document into
// OpenAPI 3.1 form, where every Schema Object is JSON Schema 2020-12.
type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const
const SCHEMA_VALUES = [
  'items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'
] as const

/**
 * One schema, recursively, as JSON Schema 2020-12:
 * - `nullable: true` (OpenAPI 3.0) becomes a `null` type (or an `anyOf` with `{type: 'null'}` when there is no type);
 * - `example` (OpenAPI 3.0) becomes `examples: [example]`;
 * - tuple `items: [...]` with `additionalItems` (draft-07, TypeBox's Tuple) becomes `prefixItems` with `items`.
 * `const` is left alone: 3.1 has it (swagger is registered with convertConstToEnum: false).
 */
export function toJsonSchema2020 (schema: unknown): unknown {
  if (!isObject(schema)) return schema
  let result: Json = { ...schema }

  if (Array.isArray(result.items)) {
    result.prefixItems = result.items
    if ('additionalItems' in result) result.items = result.additionalItems
    else delete result.items
  }
  delete result.additionalItems

  if ('example' in result) {
    if (!Array.isArray(result.examples)) result.examples = [result.example]
    delete result.example
  }

  for (const key of SCHEMA_MAPS) {
    if (isObject(result[key])) {
      result[key] = Object.fromEntries(Object.entries(result[key]).map(([name, sub]) => [name, toJsonSchema2020(sub)]))
    }
  }
  for (const key of SCHEMA_LISTS) {
    if (Array.isArray(result[key])) result[key] = result[key].map(toJsonSchema2020)
  }
  for (const key of SCHEMA_VALUES) {
    if (key in result) result[key] = toJsonSchema2020(result[key])
  }

  if ('nullable' in result) {
    const nullable = result.nullable === true
    delete result.nullable
    if (nullable) result = withNull(result)
  }
  return result
}

function withNull (schema: Json): Json {
  if (schema.type === undefined) return { anyOf: [schema, { type: 'null' }] }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const result: Json = { ...schema, type: types.includes('null') ? types : [...types, 'null'] }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) result.enum = [...schema.enum, null]
  return result
}

/** Every Schema Object of an OpenAPI document (components, parameters, headers, bodies, responses) in 2020-12 form. */
export function toOpenApi31Schemas<T extends Json> (document: T): T {
  const components = isObject(document.components) ? document.components : {}
  return {
    ...document,
    components: {
      ...components,
      ...mapEntries(components, 'schemas', toJsonSchema2020),
      ...mapEntries(components, 'parameters', fixHolder),
      ...mapEntries(components, 'headers', fixHolder),
      ...mapEntries(components, 'responses', fixResponse)
    },
    paths: Object.fromEntries(Object.entries(isObject(document.paths) ? document.paths : {}).map(([path, item]) => [path, fixPathItem(item)]))
  }
}

function mapEntries (holder: Json, key: string, fix: (value: unknown) => unknown): Json {
  if (!isObject(holder[key])) return {}
  return { [key]: Object.fromEntries(Object.entries(holder[key]).map(([name, value]) => [name, fix(value)])) }
}

/** A Parameter, Header or Media Type Object: its `schema` (and, for media, nothing else holds schemas). */
function fixHolder (holder: unknown): unknown {
  if (!isObject(holder)) return holder
  const fixed: Json = { ...holder }
  if ('schema' in fixed) fixed.schema = toJsonSchema2020(fixed.schema)
  if (isObject(fixed.content)) Object.assign(fixed, mapEntries(fixed, 'content', fixHolder))
  return fixed
}

function fixResponse (response: unknown): unknown {
  if (!isObject(response)) return response
  return { ...response, ...mapEntries(response, 'content', fixHolder), ...mapEntries(response, 'headers', fixHolder) }
}

function fixOperation (operation: unknown): unknown {
  if (!isObject(operation)) return operation
  const fixed: Json = { ...operation, ...mapEntries(operation, 'responses', fixResponse) }
  if (Array.isArray(fixed.parameters)) fixed.parameters = fixed.parameters.map(fixHolder)
  if (isObject(fixed.requestBody)) fixed.requestBody = fixHolder(fixed.requestBody)
  return fixed
}

function fixPathItem (item: unknown): unknown {
  if (!isObject(item)) return item
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [
    key,
    key === 'parameters' && Array.isArray(value) ? value.map(fixHolder) : fixOperation(value)
  ]))
}
