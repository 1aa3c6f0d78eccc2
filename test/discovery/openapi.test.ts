// GET /api/v1/openapi.json: a valid OpenAPI 3.1 document whose schemas are JSON Schema 2020-12, generated from the
// route schemas, covering the spec's endpoints with the shared responses, examples and descriptions an agent needs.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../helper.ts'
import { OpenApiContract } from './openapi-contract.ts'

type Json = Record<string, unknown>

/** The endpoints the spec lists (GERMAN_PREFIX is /de by default) and the discovery routes. */
const SPEC_ENDPOINTS = [
  '/api/v1/health', '/api/v1/health/history', '/api/v1/health/discord', '/api/v1/health/incidents',
  '/api/v1/liveness', '/api/v1/readiness', '/docs/api/search', '/de/docs/api/search',
  '/.well-known/api-catalog', '/api/v1/openapi.json'
]

/** Every Schema Object in the document: component schemas and whatever sits under a `schema` key. */
function schemasOf (document: Json): Array<{ where: string, schema: unknown }> {
  const found: Array<{ where: string, schema: unknown }> = []
  const components = (document.components as { schemas?: Json }).schemas ?? {}
  for (const [name, schema] of Object.entries(components)) found.push({ where: `#/components/schemas/${name}`, schema })
  const walk = (node: unknown, where: string) => {
    if (typeof node !== 'object' || node === null) return
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') found.push({ where: `${where}/schema`, schema: value })
      else walk(value, `${where}/${key}`)
    }
  }
  walk(document.paths, '#/paths')
  walk({ headers: (document.components as Json).headers, responses: (document.components as Json).responses }, '#/components')
  return found
}

/** The whole app and the document it serves to http://status.test. */
async function served (t: TestContext): Promise<{ app: FastifyInstance, document: Json, contract: OpenApiContract }> {
  const { app } = await buildTestApp(t)
  const document = (await app.inject({ url: '/api/v1/openapi.json', headers: { host: 'status.test' } })).json() as Json
  return { app, document, contract: new OpenApiContract(document) }
}

describe('the OpenAPI description', () => {

  it('is served as application/openapi+json;version=3.1 with an ETag and an hour of caching', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject('/api/v1/openapi.json')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'application/openapi+json;version=3.1')
    assert.match(String(response.headers['cache-control']), /^public, max-age=3600, s-maxage=\d+, /)
    assert.match(String(response.headers.etag), /^"[\w-]+"$/)
  })

  it('is a valid OpenAPI 3.1 document', async (t) => {
    const { document } = await served(t)
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    assert.deepEqual(result, { valid: true })
    assert.equal(validator.version, '3.1')
    assert.match(String(document.openapi), /^3\.1\.\d+$/)
  })

  it('has only JSON Schema 2020-12 schemas: they compile in Ajv 2020 strict mode, with no 3.0 or draft-07 leftovers', async (t) => {
    const { document } = await served(t)
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictRequired: false })
    addFormats.default(ajv)
    const defs = JSON.parse(JSON.stringify((document.components as Json).schemas).replaceAll('#/components/schemas/', '#/$defs/'))
    const schemas = schemasOf(document)
    assert.ok(schemas.length > 10)
    for (const { where, schema } of schemas) {
      const text = JSON.stringify(schema)
      assert.doesNotMatch(text, /"nullable":/, `${where}: nullable is OpenAPI 3.0`)
      assert.doesNotMatch(text, /"(additionalItems|definitions)":/, `${where}: draft-07 keyword`)
      const rewritten = JSON.parse(text.replaceAll('#/components/schemas/', '#/$defs/'))
      assert.doesNotThrow(() => ajv.compile({ ...rewritten, $defs: defs }), where)
    }
  })

  it('names this service as its only server, per request', async (t) => {
    const { app, document } = await served(t)
    assert.deepEqual(document.servers, [{ url: 'http://status.test', description: 'This service' }])
    const other = (await app.inject({ url: '/api/v1/openapi.json', headers: { host: 'other.test:8443' } })).json()
    assert.deepEqual(other.servers, [{ url: 'http://other.test:8443', description: 'This service' }])
  })

  it('documents every endpoint of the spec, both searches included', async (t) => {
    const { document } = await served(t)
    const paths = Object.keys(document.paths as Json)
    for (const path of SPEC_ENDPOINTS) assert.ok(paths.includes(path), `${path} is in the document`)
  })

  it('declares HEAD beside every GET operation, with the same responses', async (t) => {
    const { document } = await served(t)
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      if (item.get === undefined) continue
      assert.ok(item.head !== undefined, `HEAD ${path} is declared`)
      assert.deepEqual(Object.keys(item.head.responses as Json).sort(), Object.keys(item.get.responses as Json).sort(), `HEAD ${path}: responses`)
      assert.deepEqual(item.head.parameters, item.get.parameters, `HEAD ${path}: parameters`)
    }
  })

  it('describes q of both searches as the endpoint treats it: 1–200 characters after trimming, never only spaces', async (t) => {
    const { app, document } = await served(t)
    const ajv = new Ajv2020({ strict: false })
    const cases = ['a', '   ', '\t\n', ' a ', 'x'.repeat(200), `  ${'x'.repeat(200)}  `, `\n${'x'.repeat(200)}`, 'x'.repeat(201),
      ` ${'x'.repeat(201)} `, `a${' '.repeat(300)}b`, '😀'.repeat(200), '😀'.repeat(201)]
    for (const path of ['/docs/api/search', '/de/docs/api/search']) {
      const parameters = ((document.paths as Record<string, { get: { parameters: Array<{ name: string, schema: Json }> } }>)[path]!.get.parameters)
      const accepts = ajv.compile(parameters.find((parameter) => parameter.name === 'q')!.schema)
      for (const q of cases) {
        const answer = await app.inject(`${path}?q=${encodeURIComponent(q)}`)
        assert.equal(answer.statusCode === 200, accepts(q), `${path} q=${JSON.stringify(q.length > 20 ? `${q.slice(0, 8)}…(${q.length})` : q)}: ` +
          `the endpoint answers ${answer.statusCode}, the document ${accepts(q) ? 'accepts' : 'refuses'}`)
      }
    }
  })

  it('documents only the API: no pages, assets, sitemap, robots.txt or llms.txt', async (t) => {
    const { document, contract } = await served(t)
    const paths = Object.keys(document.paths as Json)
    for (const path of paths) assert.match(path, /^\/(api\/|status\/api\/v2\/|status\/badges\/(\{component\}\/)?[a-z0-9-]+\.json$|\.well-known\/|(de\/)?docs\/api\/search$)/, path)
    for (const { path, operation } of contract.operations()) {
      for (const response of Object.values(operation.responses)) {
        const types = Object.keys(contract.resolve<{ content?: Json }>(response).content ?? {})
        assert.ok(types.every((type) => !type.startsWith('text/html')), `${path} answers no HTML`)
      }
    }
  })

  it('gives every operation an id, summary, description and known tag, and every response a description', async (t) => {
    const { document, contract } = await served(t)
    const tags = (document.tags as Array<{ name: string, description?: string }>).map((tag) => tag.name)
    for (const tag of document.tags as Array<{ name: string, description?: string }>) {
      assert.ok((tag.description ?? '').length > 10, `tag ${tag.name} has a description (add it to tagDescriptions)`)
    }
    const ids = new Set<string>()
    for (const { path, method, operation } of contract.operations()) {
      const where = `${method} ${path}`
      assert.ok(operation.operationId !== undefined && !ids.has(operation.operationId), `${where}: a unique operationId`)
      ids.add(operation.operationId)
      assert.ok((operation.summary ?? '').length > 5, `${where}: summary`)
      assert.ok((operation.description ?? '').length > 20, `${where}: description`)
      assert.ok((operation.tags ?? []).length > 0 && operation.tags!.every((tag) => tags.includes(tag)), `${where}: tags`)
      for (const [status, response] of Object.entries(operation.responses)) {
        assert.ok(String(contract.resolve<{ description?: string }>(response).description ?? '').length > 5, `${where} ${status}: description`)
      }
    }
  })

  it('gives every operation the shared responses: 304, 404, 405, 429 unless exempt, 500, with ETag and Cache-Control on success', async (t) => {
    const { contract } = await served(t)
    for (const { path, method, operation } of contract.operations()) {
      const where = `${method} ${path}`
      const codes = Object.keys(operation.responses)
      for (const code of ['200', '304', '404', '405', '500']) assert.ok(codes.includes(code), `${where}: ${code}`)
      const exempt = path === '/api/v1/liveness' || path === '/api/v1/readiness'
      assert.equal(codes.includes('429'), !exempt, `${where}: 429 exactly when rate limited`)
      if ((operation.parameters ?? []).length > 0) assert.ok(codes.includes('400'), `${where}: 400 for bad parameters`)
      const success = contract.resolve<{ headers: Json }>(operation.responses['200'])
      assert.ok(success.headers.ETag !== undefined && success.headers['Cache-Control'] !== undefined, `${where}: ETag, Cache-Control`)
      for (const code of codes.filter((c) => /^[45]/.test(c))) {
        const types = Object.keys(contract.resolve<{ content?: Json }>(operation.responses[code]).content ?? {})
        // The one designed exception (docs/en/architecture.md#api-contract): health answers 503 with its own body when the status is `down`.
        const expected = path === '/api/v1/health' && code === '503' ? ['application/json', 'application/problem+json'] : ['application/problem+json']
        assert.deepEqual(types, expected, `${where} ${code}: a problem body`)
      }
    }
  })

  it('gives every success response an example, and every example validates against its schema', async (t) => {
    const { document, contract } = await served(t)
    for (const { path, method, operation } of contract.operations()) {
      const content = contract.resolve<{ content: Record<string, { schema: Json, example?: unknown }> }>(operation.responses['200']).content
      for (const [type, media] of Object.entries(content)) {
        const schema = contract.resolve<Json>(media.schema)
        const examples = media.example !== undefined ? [media.example] : (schema.examples as unknown[] | undefined) ?? []
        assert.ok(examples.length > 0, `${method} ${path} ${type}: an example`)
        for (const example of examples) assert.deepEqual(contract.validate(media.schema, example), [], `${method} ${path}: example`)
      }
    }
    for (const [name, response] of Object.entries((document.components as { responses: Record<string, { content?: Record<string, { schema: Json, example?: unknown }> }> }).responses)) {
      for (const media of Object.values(response.content ?? {})) {
        assert.deepEqual(contract.validate(media.schema, media.example), [], `${name}: example`)
      }
    }
  })

  it('describes the rules an agent needs in info: no auth, methods, polling, caching, errors, rate limit', async (t) => {
    const { document } = await served(t)
    const info = document.info as { title: string, version: string, description: string }
    assert.ok(info.title !== '' && info.version !== '')
    for (const topic of ['authentication', 'HEAD', 'polling', 'ETag', 'problem+json', 'Rate limit', '405']) {
      assert.ok(info.description.toLowerCase().includes(topic.toLowerCase()), topic)
    }
  })
})
