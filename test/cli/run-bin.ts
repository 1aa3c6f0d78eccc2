// Runs `status-api` against a test app's database: as the real bin in a child process (one smoke test per
// command), or its dispatch in this process with the console captured (everything else); and snapshots the
// incident tables so a refused command can be shown to have written nothing.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { mock } from 'node:test'
import { format } from 'node:util'
import { runCli } from '../../src/cli/run.ts'
import { loadConfig, type Config } from '../../src/config/index.ts'
import type { Env } from '../../src/lib/environment.ts'
import type { TestApp } from '../helper.ts'
import { localizedText } from '../../src/declaration/declaration.ts'

export const BIN = path.resolve('bin/status-api.js')

export interface BinResult {
  code: number | null
  stdout: string
  stderr: string
}

/** `status-api ...args` on the same database as `test` (its DATA_DIR, or its DATABASE_URL). */
export function runBin (test: TestApp, args: string[]): Promise<BinResult> {
  return runBinWith({ DATA_DIR: test.config.dataDir, DATABASE_URL: test.config.databaseUrl ?? '' }, args)
}

/** `status-api ...args` with these environment variables over the test process's own. */
export function runBinWith (vars: Record<string, string>, args: string[]): Promise<BinResult> {
  const env = { ...process.env, LOG_LEVEL: 'silent', ...vars }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Every row of the incident and maintenance tables (with the components they affect and the outbox), in key order. */
export async function incidentRows (test: TestApp) {
  const { db } = test.context.database
  return {
    incidents: await db.selectFrom('incidents').selectAll().orderBy('id').execute(),
    updates: await db.selectFrom('incident_updates').selectAll().orderBy('id').execute(),
    incidentComponents: await db.selectFrom('incident_components').selectAll().orderBy('incident_id').orderBy('component').execute(),
    maintenances: await db.selectFrom('maintenances').selectAll().orderBy('id').execute(),
    maintenanceComponents: await db.selectFrom('maintenance_components').selectAll().orderBy('maintenance_id').orderBy('component').execute(),
    events: await db.selectFrom('notify_events').select(['id', 'kind', 'subject']).orderBy('id').execute()
  }
}

/** The test app's config with a status file declaring these component ids, in this order. */
export function declaring (test: TestApp, ...ids: string[]): Config {
  const components = ids.map((id) => ({
    id, name: localizedText({ en: id, de: id }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' as const }
  }))
  return { ...test.config, status: { ...test.config.status, file: 'status.yaml', components } }
}

/** The endpoint's body after a refresh, as a client would see it once the change has propagated. */
export async function refreshedBody (test: TestApp) {
  await test.context.incidents.refresh()
  const response = await test.app.inject('/api/v1/health/incidents')
  if (response.statusCode !== 200) throw new Error(`incidents endpoint answered ${response.statusCode}`)
  return response.json()
}

/**
 * `status-api ...args` in this process: the bin's dispatch and exit codes (src/cli/run.ts) on `config`, with what
 * it prints on the console captured. One at a time: the console is shared.
 */
export function runInProcess (config: Config, args: string[]): Promise<BinResult> {
  return capturingConsole(() => runCli(args, () => config))
}

/** `status-api ...args` in this process for a command that reads only the environment (config): `env`, and no Config. */
export function runOnEnvironment (env: Env, args: string[]): Promise<BinResult> {
  return capturingConsole(() => runCli(args, () => { throw new Error('this command read the Config') }, () => env))
}

async function capturingConsole (run: () => Promise<number>): Promise<BinResult> {
  let stdout = ''
  let stderr = ''
  const log = mock.method(console, 'log', (...parts: unknown[]) => { stdout += `${format(...parts)}\n` })
  const error = mock.method(console, 'error', (...parts: unknown[]) => { stderr += `${format(...parts)}\n` })
  try {
    const code = await run()
    return { code, stdout, stderr }
  } finally {
    log.mock.restore()
    error.mock.restore()
  }
}

/** `status-api ...args` in this process on the same database as `test`. */
export function runCommand (test: TestApp, args: string[]): Promise<BinResult> {
  return runInProcess(test.config, args)
}

/** `status-api ...args` in this process, configured by these environment variables alone (quiet logs). */
export function runCommandWith (vars: Record<string, string>, args: string[]): Promise<BinResult> {
  return runInProcess(loadConfig({ LOG_LEVEL: 'silent', ...vars }), args)
}

/** Runs every case in this process, one after the other, results in case order. */
export async function runAll (test: TestApp, cases: string[][]): Promise<BinResult[]> {
  const results: BinResult[] = []
  for (const args of cases) results.push(await runCommand(test, args))
  return results
}

/** Asserts that each result is a refusal: exit code 2, nothing on stdout, one stderr line matching its pattern. */
export function assertRefusals (cases: Array<[string[], RegExp]>, results: BinResult[], check: (ok: boolean, message: string) => void): void {
  cases.forEach(([args, pattern], index) => {
    const result = results[index]!
    const what = args.join(' ')
    check(result.code === 2, `${what} → exit ${result.code}: ${result.stderr}`)
    check(result.stdout === '', `${what} printed to stdout: ${result.stdout}`)
    const lines = result.stderr.split('\n').filter((line) => line !== '')
    check(lines.length === 1, `${what} → not one line: ${result.stderr}`)
    check(pattern.test((lines[0] ?? '').replace(/^status-api: /, '')), `${what} → ${lines[0]} does not match ${pattern}`)
  })
}
