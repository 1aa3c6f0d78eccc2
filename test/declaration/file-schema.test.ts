// The status file's schema as editors get it: valid JSON Schema 2020-12 that accepts the example of docs/en/status-file.md#example and
// refuses a typo; and the loader's check (src/declaration/schema-check.ts) reads it exactly as Ajv does.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { statusFileJsonSchema, StatusFileSchema } from '../../src/declaration/file-schema.ts'
import { firstViolation, SUPPORTED_KEYWORDS } from '../../src/declaration/schema-check.ts'
import { base, changed, refusals, type Json } from '../status/cases.ts'

const EXAMPLE = path.join(import.meta.dirname, '../fixtures/status/design-example.yaml')

/**
 * Ajv in strict mode, told about `patternErrorMessage` (an annotation VS Code and yaml-language-server show).
 * strictRequired is off: it does not see that `oneOf: [{ required: [builtin] }, …]` names keys of the parent's
 * `properties`, which JSON Schema allows.
 */
function validator () {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true })
  ajv.addKeyword('patternErrorMessage')
  return ajv.compile(statusFileJsonSchema())
}

const check = (value: unknown) => firstViolation(StatusFileSchema, value, { mayQuote: () => true })

describe('the status file schema', () => {
  it('is JSON Schema 2020-12 that accepts the status file page\'s example as written, ${NAME} included', () => {
    const schema = statusFileJsonSchema()
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema')
    const validate = validator()
    const example = parse(readFileSync(EXAMPLE, 'utf8')) as Json
    assert.ok(validate(example), JSON.stringify(validate.errors))
    example.components[2].check.http.url = '${DASHBOARD_URL}'
    example.components[4].check.tcp.host = 'tts.${ZONE}.internal'
    assert.ok(validate(example), 'an editor does not mark ${NAME} standing for a URL or part of a host')
  })

  it('refuses a typo, and editors get the loader\'s words for a broken pattern', () => {
    const validate = validator()
    assert.equal(validate(changed((file) => { file.components[1].chek = { manual: true } })), false)
    assert.equal(validate.errors?.[0]?.instancePath, '/components/1')
    assert.equal(validate(changed((file) => { file.components[1].check.push.within = '2 minutes' })), false)
    const durations = statusFileJsonSchema() as Json
    assert.equal(durations.properties.components.items.properties.check.properties.push.properties.within.patternErrorMessage,
      'must be a duration such as 30s, 2m or 800ms')
  })

  it('uses only keywords the loader\'s check reads', () => {
    const used = new Set<string>()
    const collect = (schema: unknown): void => {
      if (Array.isArray(schema)) return schema.forEach(collect)
      if (typeof schema !== 'object' || schema === null) return
      for (const [keyword, value] of Object.entries(schema)) {
        used.add(keyword)
        if (keyword === 'properties' || keyword === 'patternProperties') Object.values(value as object).forEach(collect)
        else if (keyword !== 'const' && keyword !== 'enum' && keyword !== 'default' && keyword !== 'required') collect(value)
      }
    }
    collect(statusFileJsonSchema())
    assert.deepEqual([...used].filter((keyword) => !SUPPORTED_KEYWORDS.has(keyword)), [])
  })

  it('agrees with Ajv on every case: a file the check refuses, Ajv refuses; the rest only the rules across keys refuse', () => {
    const validate = validator()
    assert.equal(check(base()), undefined)
    assert.ok(validate(base()))
    for (const [what, change] of refusals) {
      const file = changed(change)
      const violation = check(file)
      assert.equal(validate(file), violation === undefined, `${what}: the check says ${JSON.stringify(violation)}, Ajv ${JSON.stringify(validate.errors)}`)
    }
  })
})
