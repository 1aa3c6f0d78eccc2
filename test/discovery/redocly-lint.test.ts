// Both OpenAPI documents, the public one (GET /api/v1/openapi.json) and the operator API's (GET /openapi.json on the
// operator port), pass Redocly's recommended ruleset with no error and no warning.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/config/index.ts'
import { openContext, type Context } from '../../src/context.ts'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { OPERATOR_TOKENS, STATUS_FILE } from '../operator/operator-process.ts'
import { buildTestApp } from '../helper.ts'

/** Redocly's findings on a document, one line each: severity, rule, where and what. */
async function redoclyFindings (document: string): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] })
  const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config })
  return problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location.map((l) => l.pointer).join(', ')}: ${problem.message}`)
}

describe('Redocly\'s recommended ruleset', () => {
  it('finds nothing in the public OpenAPI document', async (t) => {
    const { app } = await buildTestApp(t)
    const document = (await app.inject({ url: '/api/v1/openapi.json', headers: { host: 'status.acme.dev' } })).body
    assert.deepEqual(await redoclyFindings(document), [])
  })

  describe('on the operator API', () => {
    let dir: string
    let context: Context
    let app: FastifyInstance
    before(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'status-api-redocly-'))
      const statusFile = path.join(dir, 'status.yaml')
      writeFileSync(statusFile, `product:\n  name: Acme\n${STATUS_FILE}`)
      context = await openContext(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, STATUS_FILE: statusFile, OPERATOR_PORT: '1', OPERATOR_TOKENS }), { migrate: true })
      app = await buildOperatorApp(context)
    })
    after(async () => {
      await app?.close()
      await context?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    it('finds nothing in its OpenAPI document, which names the product and the server it is served by', async () => {
      const document = (await app.inject('/openapi.json')).body
      // The two maintenance paths are fixed by the operator API's contract; only `/v1/maintenance/series/end` could match
      // both, and there the static `series` segment wins (a window's id is a number). Any other finding fails.
      const contractPaths = 'Found two ambiguous paths: `/v1/maintenance/{id}/end` and `/v1/maintenance/series/{seriesId}`.'
      assert.deepEqual((await redoclyFindings(document)).filter((line) => !(line.includes('no-ambiguous-paths') && line.endsWith(contractPaths))), [])
      const parsed = JSON.parse(document)
      assert.equal(parsed.info.title, 'Acme status operator API')
      assert.deepEqual(parsed.servers.map((server: { url: string }) => server.url), ['/'])
      assert.ok(Object.keys(parsed.components.schemas).includes('Problem'))
      assert.ok(document.includes('"#/components/schemas/Problem"'), 'problem bodies refer to the Problem schema')
    })
  })
})
