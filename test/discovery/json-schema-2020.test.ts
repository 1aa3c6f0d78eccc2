// The rewrite of OpenAPI 3.0 / draft-07 habits into JSON Schema 2020-12: what goes in is refused by Ajv 2020 in
// strict mode, what comes out compiles and accepts the same values.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { toJsonSchema2020, toOpenApi31Schemas } from '../../src/discovery/json-schema-2020.ts'

const strict = () => new Ajv2020({ strict: true, allowUnionTypes: true })

describe('toJsonSchema2020', () => {
  it('turns nullable into a null type, extending an enum with null', () => {
    assert.deepEqual(toJsonSchema2020({ type: 'string', nullable: true }), { type: ['string', 'null'] })
    assert.deepEqual(toJsonSchema2020({ type: 'string', enum: ['a'], nullable: true }), { type: ['string', 'null'], enum: ['a', null] })
    assert.deepEqual(toJsonSchema2020({ type: ['integer', 'null'], nullable: true }), { type: ['integer', 'null'] })
    assert.deepEqual(toJsonSchema2020({ $ref: '#/x', nullable: true }), { anyOf: [{ $ref: '#/x' }, { type: 'null' }] })
    assert.deepEqual(toJsonSchema2020({ type: 'string', nullable: false }), { type: 'string' })
  })

  it('turns example into examples, keeping an existing examples array', () => {
    assert.deepEqual(toJsonSchema2020({ type: 'integer', example: 3 }), { type: 'integer', examples: [3] })
    assert.deepEqual(toJsonSchema2020({ type: 'integer', example: 3, examples: [4] }), { type: 'integer', examples: [4] })
  })

  it('turns draft-07 tuples into prefixItems', () => {
    const tuple = { type: 'array', items: [{ type: 'integer' }, { type: 'integer' }], additionalItems: false, minItems: 2 }
    assert.throws(() => strict().compile(tuple))
    const fixed = toJsonSchema2020(tuple) as object
    assert.deepEqual(fixed, { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }], items: false, minItems: 2 })
    const validate = strict().compile(fixed)
    assert.ok(validate([1, 2]))
    assert.ok(!validate([1, 2, 3]))
    assert.deepEqual(toJsonSchema2020({ type: 'array', items: [{ type: 'string' }] }), { type: 'array', prefixItems: [{ type: 'string' }] })
  })

  it('reaches every nested schema and leaves const, non-schema maps and the input alone', () => {
    const input = {
      type: 'object',
      properties: {
        a: { type: 'string', nullable: true, example: 'x' },
        list: { type: 'array', items: { anyOf: [{ type: 'integer', nullable: true }, { const: 'none' }] } },
        map: { type: 'object', additionalProperties: { type: 'number', nullable: true } }
      },
      required: ['a']
    }
    const before = structuredClone(input)
    const output = toJsonSchema2020(input)
    assert.deepEqual(input, before, 'the input is not mutated')
    assert.throws(() => strict().compile(input))
    const validate = strict().compile(output as object)
    assert.ok(validate({ a: null, list: [1, null, 'none'], map: { x: null, y: 2 } }))
    assert.ok(!validate({ a: 1 }))
    assert.deepEqual(output, {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'], examples: ['x'] },
        list: { type: 'array', items: { anyOf: [{ type: ['integer', 'null'] }, { const: 'none' }] } },
        map: { type: 'object', additionalProperties: { type: ['number', 'null'] } }
      },
      required: ['a']
    })
  })
})

describe('toOpenApi31Schemas', () => {
  it('rewrites the schemas of components, parameters, headers, request and response bodies — and nothing else', () => {
    const nullable = { type: 'string', nullable: true }
    const fixed = { type: ['string', 'null'] }
    const document = {
      openapi: '3.1.0',
      components: { schemas: { S: nullable }, headers: { H: { schema: nullable, example: 'kept' } }, responses: { R: { description: 'r', content: { 'a/b': { schema: nullable, example: 'kept' } } } } },
      paths: {
        '/x': {
          parameters: [{ name: 'p', in: 'query', schema: nullable }],
          get: {
            parameters: [{ name: 'q', in: 'query', schema: nullable, example: 'kept' }],
            responses: { 200: { description: 'ok', headers: { H: { schema: nullable } }, content: { 'a/b': { schema: nullable } } } }
          }
        }
      }
    }
    const result = toOpenApi31Schemas(document) as typeof document
    assert.deepEqual(result.components.schemas.S, fixed)
    assert.deepEqual(result.components.headers.H, { schema: fixed, example: 'kept' }, 'a header keeps its own example')
    assert.deepEqual(result.components.responses.R.content['a/b'], { schema: fixed, example: 'kept' }, 'a media type keeps its own example')
    assert.deepEqual(result.paths['/x'].parameters[0]!.schema, fixed)
    assert.deepEqual(result.paths['/x'].get.parameters[0], { name: 'q', in: 'query', schema: fixed, example: 'kept' })
    assert.deepEqual(result.paths['/x'].get.responses[200].headers.H.schema, fixed)
    assert.deepEqual(result.paths['/x'].get.responses[200].content['a/b'].schema, fixed)
  })
})
