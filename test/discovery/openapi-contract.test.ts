// The contract checker itself: it must catch an undocumented status, content type, body or missing header.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { OpenApiContract, invalidValues, operationUrl, type OperationEntry } from './openapi-contract.ts'

const document = {
  openapi: '3.1.0',
  components: {
    schemas: { Thing: { type: 'object', required: ['n'], properties: { n: { type: 'integer' }, at: { type: 'string', format: 'date-time' } }, additionalProperties: false } },
    headers: { ETag: { required: true, schema: { type: 'string', pattern: '^"' } } },
    responses: { Gone: { description: 'gone', content: { 'application/problem+json': { schema: { type: 'object' } } } } }
  },
  paths: {
    '/thing': {
      get: {
        parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 3 } }],
        responses: {
          200: { description: 'ok', headers: { ETag: { $ref: '#/components/headers/ETag' } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          304: { description: 'same' },
          410: { $ref: '#/components/responses/Gone' }
        }
      }
    }
  }
}

const reply = (statusCode: number, headers: Record<string, string>, body: string) => ({ statusCode, headers, body }) as unknown as LightMyRequestResponse
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8', etag: '"x"' }

describe('OpenApiContract', () => {
  const contract = new OpenApiContract(document)
  const entry = contract.operations()[0] as OperationEntry

  it('lists the operations and accepts a response that keeps the promise', () => {
    assert.deepEqual(contract.operations().map((e) => `${e.method} ${e.path}`), ['get /thing'])
    assert.deepEqual(contract.check(entry, reply(200, JSON_TYPE, '{"n":1,"at":"2026-11-21T12:00:00.000Z"}')), [])
    assert.deepEqual(contract.check(entry, reply(304, { etag: '"x"' }, '')), [])
    assert.deepEqual(contract.check(entry, reply(410, { 'content-type': 'application/problem+json' }, '{}')), [])
    assert.deepEqual(contract.check(entry, reply(200, JSON_TYPE, ''), { head: true }), [])
  })

  it('reports each way a response can break it', () => {
    const broken = (response: LightMyRequestResponse) => contract.check(entry, response).join('; ')
    assert.match(broken(reply(500, JSON_TYPE, '{}')), /status 500 is not documented/)
    assert.match(broken(reply(200, { ...JSON_TYPE, 'content-type': 'text/html' }, '<p>')), /content type text\/html is not documented/)
    assert.match(broken(reply(200, JSON_TYPE, '{"n":"one"}')), /body \/n must be integer/)
    assert.match(broken(reply(200, JSON_TYPE, '{"n":1,"extra":true}')), /must NOT have additional properties/)
    assert.match(broken(reply(200, JSON_TYPE, '{"n":1,"at":"yesterday"}')), /must match format "date-time"/)
    assert.match(broken(reply(200, { 'content-type': 'application/json' }, '{"n":1}')), /required header ETag is missing/)
    assert.match(broken(reply(200, { ...JSON_TYPE, etag: 'x' }, '{"n":1}')), /header ETag/)
    assert.match(broken(reply(304, {}, 'body')), /documents no body/)
    assert.match(broken(reply(200, JSON_TYPE, 'not json')), /not JSON/)
  })

  it('builds URLs with valid required parameters, and values each constraint refuses', () => {
    assert.equal(operationUrl(entry), '/thing?q=sta')
    assert.equal(operationUrl(entry, { q: undefined }), '/thing')
    const parameter = entry.operation.parameters![0]!
    assert.deepEqual(invalidValues(parameter).map((v) => v.why), ['missing', 'too long', 'too short'])
  })
})
