// A validator compiled on first use: the same compiled validator for every caller, checking as TypeBox's Compile does.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Type } from 'typebox'
import { validatorOnUse } from '../../src/lib/validator-on-use.ts'

describe('validatorOnUse', () => {
  it('compiles once, on the first call, and checks values against the schema', async () => {
    const validator = validatorOnUse(Type.Object({ n: Type.Integer() }, { additionalProperties: false }))
    const [first, second] = await Promise.all([validator(), validator()])
    assert.equal(first, second)
    assert.equal(await validator(), first)
    assert.equal(first.Check({ n: 1 }), true)
    assert.equal(first.Check({ n: 1.5 }), false)
    assert.equal(first.Check({ n: 1, extra: true }), false)
  })
})
