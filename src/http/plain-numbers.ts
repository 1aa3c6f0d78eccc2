// One rule for every numeric query and path parameter, present and future: the value is plain decimal digits
// (`^-?[0-9]+$` for integers, with an optional `.digits` for numbers) before Ajv coerces it and checks the range.
// Ajv's coercion alone would take `Infinity`, `1e400`, `0x10`, `0b11`, `5e0`, `2.0` and ` 3`.
import type { FastifyInstance, preValidationHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { problems } from '../api/problems.ts'
import { sendProblem } from './conventions.ts'

const INTEGER = /^-?[0-9]+$/
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/

interface NumericParameter {
  part: 'query' | 'params'
  name: string
  pattern: RegExp
  wording: string
}

/** The integer and number properties of an object schema (a property's `type` may be a list, e.g. with null). */
function numericParameters (part: NumericParameter['part'], schema: unknown): NumericParameter[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {}
  return Object.entries(properties).flatMap(([name, property]) => {
    const types = [property.type].flat()
    if (types.includes('integer')) return [{ part, name, pattern: INTEGER, wording: 'a whole number in decimal digits' }]
    if (types.includes('number')) return [{ part, name, pattern: DECIMAL, wording: 'a number in decimal digits' }]
    return []
  })
}

async function plainNumbers (app: FastifyInstance): Promise<void> {
  // Only routes with numeric parameters get the check, so no other request pays for it.
  app.addHook('onRoute', (route) => {
    const parameters = [
      ...numericParameters('query', route.schema?.querystring),
      ...numericParameters('params', route.schema?.params)
    ]
    if (parameters.length === 0) return
    const check: preValidationHookHandler = (request, reply, done) => {
      for (const { part, name, pattern, wording } of parameters) {
        const value = (request[part] as Record<string, unknown>)[name]
        if (value === undefined) continue
        const values: unknown[] = Array.isArray(value) ? value : [value]
        if (!values.every((one) => typeof one === 'string' && pattern.test(one))) {
          sendProblem(reply, problems.invalidRequest(`The ${part} parameter "${name}" must be ${wording}.`))
          return
        }
      }
      done()
    }
    route.preValidation = [check, ...[route.preValidation ?? []].flat()]
  })
}

export default fp(plainNumbers, { name: 'plain-numbers', dependencies: ['http-conventions'] })
