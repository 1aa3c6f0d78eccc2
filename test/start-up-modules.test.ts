// What the embedded shape loads on its way to readiness: none of the modules that only rare paths or the scaled
// shape need (each cost tens of milliseconds of every start; docs/en/operations.md#memory).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, it } from 'node:test'
import { tempDir } from './helper.ts'

const root = path.join(import.meta.dirname, '..')

/** Starts the server in a fresh process, asks for readiness, and returns the modules loaded by then. */
function modulesAtReadiness (dataDir: string): { files: string[], builtins: string[] } {
  const script = `
    import module from 'node:module'
    const files = []
    module.registerHooks({ load (url, context, next) { files.push(url); return next(url, context) } })
    const { loadConfig } = await import(${JSON.stringify(path.join(root, 'src/config/index.ts'))})
    const { startServer } = await import(${JSON.stringify(path.join(root, 'src/server.ts'))})
    const server = await startServer(loadConfig(process.env))
    const { port } = server.app.server.address()
    const status = await new Promise((resolve, reject) => process.getBuiltinModule('node:http')
      .get({ host: '127.0.0.1', port, path: '/api/v1/readiness' }, (response) => { response.resume(); resolve(response.statusCode) }).on('error', reject))
    const builtins = process.moduleLoadList.filter((name) => name.startsWith('NativeModule ')).map((name) => name.slice(13))
    console.log(JSON.stringify({ status, files, builtins }))
    await server.shutdown()
  `
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DISCORD_STATUS_URL: 'http://127.0.0.1:9/none' }
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8', timeout: 30_000 })
  assert.equal(run.status, 0, run.stderr)
  const { status, files, builtins } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { status: number, files: string[], builtins: string[] }
  assert.equal(status, 200, 'ready')
  return { files, builtins }
}

describe('start-up', () => {
  it('the embedded shape is ready without PostgreSQL, Redis, the TypeBox compiler, the serializer compiler or undici', (t) => {
    const { files, builtins } = modulesAtReadiness(tempDir(t))
    const loaded = (pattern: RegExp) => files.filter((url) => pattern.test(url))
    assert.ok(loaded(/\/node_modules\/kysely\//).length > 0 && loaded(/\/src\/docs\/search\//).length > 0, 'the hook saw the modules')
    assert.deepEqual(loaded(/\/node_modules\/(pg|pg-pool|ioredis)\//), [], 'pg and ioredis load only with DATABASE_URL / REDIS_URL')
    assert.deepEqual(loaded(/\/node_modules\/typebox\/build\/compile\//), [], 'the upstream validators compile on first use')
    assert.deepEqual(loaded(/\/node_modules\/(@fastify\/fast-json-stringify-compiler|fast-json-stringify\/index\.js)/), [], 'responses are serialised once, never by Fastify')
    assert.deepEqual(loaded(/\/src\/metrics\/metrics-server\.ts$/), [], 'the metrics listener loads only with METRICS_PORT')
    assert.deepEqual(builtins.filter((name) => name.includes('undici')), [], 'node:http is not imported as an ES module (that loads undici)')
  })
})
