// Checks a parsed status file against its schema (./file-schema.ts) and names the first place that breaks it, as
// `<path>: <rule>` in the words of the file. It reads the JSON Schema keywords that schema uses and throws on any
// other, so the schema cannot grow a rule this check would skip; the tests hold its verdicts to Ajv's.
import { isDeepStrictEqual } from 'node:util'
import { DURATION_PATTERN, DURATION_RULE } from './duration.ts'
import { formatPath, type FilePath } from './file-error.ts'
import { ID_PATTERN } from './file-schema.ts'

type Schema = Record<string, unknown>

export interface Violation {
  path: FilePath
  rule: string
}

export interface CheckOptions {
  /** False for a string whose value must not be printed (it came from the environment). */
  mayQuote: (path: string) => boolean
}

const ANNOTATIONS = ['$schema', 'title', 'description', 'default', 'patternErrorMessage']
/** What this check understands; test/declaration/file-schema.test.ts asserts that the schema uses nothing else. */
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  ...ANNOTATIONS, 'type', 'const', 'enum', 'anyOf', 'oneOf', 'not',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'required',
  'items', 'minItems', 'maxItems', 'uniqueItems', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum'
])

/** The first violation in document order, or undefined when `value` is valid. */
export function firstViolation (schema: object, value: unknown, options: CheckOptions): Violation | undefined {
  return check(schema as Schema, value, [], options)
}

function check (schema: Schema, value: unknown, path: FilePath, options: CheckOptions): Violation | undefined {
  for (const keyword of Object.keys(schema)) {
    if (!SUPPORTED_KEYWORDS.has(keyword)) throw new Error(`schema-check does not read "${keyword}" (at ${formatPath(path) || 'the top'})`)
  }
  if (Array.isArray(schema.anyOf)) return checkAnyOf(schema.anyOf as Schema[], value, path, options)
  if ('const' in schema && !isDeepStrictEqual(value, schema.const)) return { path, rule: `must be ${JSON.stringify(schema.const)}` }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    return { path, rule: `must be ${alternatives(schema.enum.map(String))}${got(value, path, options)}` }
  }
  if (typeof schema.type === 'string' && !hasType(value, schema.type)) return { path, rule: typeRule(schema, value) }
  if (Array.isArray(value)) return checkArray(schema, value, path, options)
  if (isObject(value)) return checkObject(schema, value, path, options)
  if (typeof value === 'string') return checkString(schema, value, path, options)
  if (typeof value === 'number') return checkNumber(schema, value, path)
  return undefined
}

/** The branch whose type the value has decides (the schema's unions never share a type); none: name them all. */
function checkAnyOf (branches: Schema[], value: unknown, path: FilePath, options: CheckOptions): Violation | undefined {
  const types = branches.map((branch) => branch.type)
  if (types.some((type) => typeof type !== 'string') || new Set(types).size !== types.length) {
    throw new Error(`schema-check reads anyOf only between branches of different types (at ${formatPath(path)})`)
  }
  const branch = branches.find((candidate) => hasType(value, candidate.type as string))
  if (branch === undefined) return { path, rule: `must be ${branches.map(describeBranch).join(' or ')}` }
  return check(branch, value, path, options)
}

function checkObject (schema: Schema, value: Record<string, unknown>, path: FilePath, options: CheckOptions): Violation | undefined {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>)
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key]
    if (isObject(schema.propertyNames)) {
      const badName = check({ type: 'string', ...schema.propertyNames }, key, at, options)
      if (badName !== undefined) return badName
    }
    const matching = patterns.filter(([pattern]) => new RegExp(pattern, 'u').test(key)).map(([, sub]) => sub)
    if (Object.hasOwn(properties, key)) matching.unshift(properties[key]!)
    if (matching.length === 0) {
      if (schema.additionalProperties === false) return { path: at, rule: `unknown key (allowed: ${Object.keys(properties).join(', ')})` }
      if (isObject(schema.additionalProperties)) matching.push(schema.additionalProperties)
    }
    for (const sub of matching) {
      const violation = check(sub, child, at, options)
      if (violation !== undefined) return violation
    }
  }
  for (const key of (schema.required ?? []) as string[]) {
    if (!Object.hasOwn(value, key)) return { path: [...path, key], rule: 'is required' }
  }
  if (Array.isArray(schema.oneOf)) {
    const keys = (schema.oneOf as Schema[]).map((branch) => onlyRequiredKeys(branch, 1, path)[0]!)
    const present = keys.filter((key) => Object.hasOwn(value, key))
    if (present.length === 0) return { path, rule: `needs one of ${alternatives(keys)}` }
    if (present.length > 1) return { path, rule: `takes only one of ${alternatives(keys)} (got ${present.join(' and ')})` }
  }
  if (isObject(schema.not)) {
    const [first, second] = onlyRequiredKeys(schema.not, 2, path)
    if (Object.hasOwn(value, first!) && Object.hasOwn(value, second!)) return { path, rule: `takes ${first} or ${second}, not both` }
  }
  return undefined
}

/** oneOf and not are read only in the form `{ required: [keys] }`: which keys may appear together. */
function onlyRequiredKeys (schema: Schema, count: number, path: FilePath): string[] {
  const keys = schema.required
  if (Object.keys(schema).length !== 1 || !Array.isArray(keys) || keys.length !== count) {
    throw new Error(`schema-check reads oneOf and not only as { required: [${count} key(s)] } (at ${formatPath(path)})`)
  }
  return keys as string[]
}

function checkArray (schema: Schema, value: unknown[], path: FilePath, options: CheckOptions): Violation | undefined {
  if (isObject(schema.items)) {
    for (const [index, item] of value.entries()) {
      const violation = check(schema.items, item, [...path, index], options)
      if (violation !== undefined) return violation
    }
  }
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) return { path, rule: `must list at least ${entries(schema.minItems)}` }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return { path, rule: `must list at most ${entries(schema.maxItems)}` }
  if (schema.uniqueItems === true) {
    const repeated = value.findIndex((item, index) => value.slice(0, index).some((earlier) => isDeepStrictEqual(earlier, item)))
    if (repeated >= 0) return { path: [...path, repeated], rule: `repeats an earlier entry${got(value[repeated], [...path, repeated], options)}` }
  }
  return undefined
}

function checkString (schema: Schema, value: string, path: FilePath, options: CheckOptions): Violation | undefined {
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    const rule = typeof schema.patternErrorMessage === 'string' ? schema.patternErrorMessage : `must match ${schema.pattern}`
    // An id is printed, so that its typo shows; other values may be URLs with tokens in them.
    const quoted = schema.pattern === ID_PATTERN && options.mayQuote(formatPath(path)) ? `${quote(value)} ` : ''
    return { path, rule: `${quoted}${rule}` }
  }
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) {
    return { path, rule: schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters` }
  }
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return { path, rule: `must be at most ${schema.maxLength} characters` }
  return undefined
}

function checkNumber (schema: Schema, value: number, path: FilePath): Violation | undefined {
  const { minimum, maximum } = schema as { minimum?: number, maximum?: number }
  if ((minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) {
    if (minimum !== undefined && maximum !== undefined) return { path, rule: `must be from ${minimum} to ${maximum}` }
    return { path, rule: minimum !== undefined ? `must be at least ${minimum}` : `must be at most ${maximum}` }
  }
  return undefined
}

function hasType (value: unknown, type: string): boolean {
  switch (type) {
    case 'object': return isObject(value)
    case 'array': return Array.isArray(value)
    case 'string': return typeof value === 'string'
    case 'integer': return Number.isInteger(value)
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'boolean': return typeof value === 'boolean'
    case 'null': return value === null
    default: throw new Error(`schema-check does not know the type "${type}"`)
  }
}

function typeRule (schema: Schema, value: unknown): string {
  // `every: 30` is a duration without its unit; `id: 12` or a header `X-Version: 2` is text YAML read as a number.
  if (schema.pattern === DURATION_PATTERN) return DURATION_RULE
  if (schema.type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return 'must be a string (put it in quotes)'
  return `must be ${describeShape(schema)}`
}

/** In a union, a mapping is named by its keys: `a string or { en, de, fr, es, pt-BR }`. */
function describeBranch (schema: Schema): string {
  return schema.type === 'object' && isObject(schema.properties) ? `{ ${Object.keys(schema.properties).join(', ')} }` : describeShape(schema)
}

function describeShape (schema: Schema): string {
  switch (schema.type) {
    case 'object': return 'a mapping'
    case 'array': return 'a list'
    case 'string': return 'a string'
    case 'integer': return 'a whole number'
    case 'number': return 'a number'
    case 'boolean': return 'true or false'
    default: return String(schema.type)
  }
}

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `a`, `a or b`, `a, b or c`. */
function alternatives (words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

function entries (count: number): string {
  return count === 1 ? 'one entry' : `${count} entries`
}

/** ` (got "x")` for a short value that may be printed; nothing otherwise. */
function got (value: unknown, path: FilePath, options: CheckOptions): string {
  if (!options.mayQuote(formatPath(path)) || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return ''
  return ` (got ${quote(value)})`
}

/** A scalar as JSON, a string cut at 40 characters: safe to print on one line. */
export function quote (value: string | number | boolean): string {
  return JSON.stringify(typeof value === 'string' && value.length > 40 ? `${value.slice(0, 39)}…` : value)
}
