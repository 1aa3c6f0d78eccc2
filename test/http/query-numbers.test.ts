// One rule for every numeric query and path parameter, present and future: plain decimal digits, then the range.
// Ajv's coercion alone takes `Infinity`, `1e400`, `0x10`, `0b11`, `5e0`, `2.0` and ` 3` for numbers.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Type } from 'typebox'
import { buildTestApp } from '../helper.ts'

const NOT_PLAIN = ['Infinity', '-Infinity', '1e400', '1e1', '5e0', '0x10', '0b11', '0o7', '2.0', '2.', ' 3', '3 ', '+3', '', '1_0', '١']

describe('numeric query parameters', () => {
  it('the search limit takes only a plain decimal integer in range; anything else is a 400 problem', async (t) => {
    const { app } = await buildTestApp(t)
    for (const method of ['GET', 'HEAD'] as const) {
      for (const limit of NOT_PLAIN) {
        const response = await app.inject({ method, url: `/docs/api/search?q=rate&limit=${encodeURIComponent(limit)}` })
        assert.equal(response.statusCode, 400, `${method} limit=${JSON.stringify(limit)}`)
        if (method === 'GET') {
          assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
          assert.equal(response.json().code, 'invalid_request')
          assert.match(response.json().detail, /"limit"/)
        }
      }
    }
    for (const limit of ['0', '51', '-1', '99999999999999999999']) {
      assert.equal((await app.inject(`/docs/api/search?q=rate&limit=${limit}`)).statusCode, 400, `limit=${limit} is out of range`)
    }
    for (const limit of ['1', '3', '50', '007']) {
      const response = await app.inject(`/docs/api/search?q=rate&limit=${limit}`)
      assert.equal(response.statusCode, 200, `limit=${limit}`)
      assert.ok(response.json().results.length <= Number(limit))
    }
  })

  it('a route added later gets the same rule for its integer and number parameters, in the query and the path', async (t) => {
    const { app } = await buildTestApp(t)
    app.get('/test/numbers/:page', {
      schema: {
        params: Type.Object({ page: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({ n: Type.Optional(Type.Integer({ minimum: -5, maximum: 5 })), ratio: Type.Optional(Type.Number()) })
      }
    }, async (request) => ({ params: request.params, query: request.query }))
    for (const value of NOT_PLAIN) {
      assert.equal((await app.inject(`/test/numbers/1?n=${encodeURIComponent(value)}`)).statusCode, 400, `n=${JSON.stringify(value)}`)
    }
    for (const value of ['Infinity', '1e2', '0x1', '.5', '1.']) {
      assert.equal((await app.inject(`/test/numbers/1?ratio=${encodeURIComponent(value)}`)).statusCode, 400, `ratio=${value}`)
    }
    for (const value of ['1e0', '0x1', 'Infinity']) {
      assert.equal((await app.inject(`/test/numbers/${value}`)).statusCode, 400, `page ${value}`)
    }
    const fine = await app.inject('/test/numbers/2?n=-5&ratio=0.25')
    assert.equal(fine.statusCode, 200)
    assert.deepEqual(fine.json(), { params: { page: 2 }, query: { n: -5, ratio: 0.25 } })
  })
})
