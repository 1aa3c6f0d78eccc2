// Install scripts (issue 34): every dependency that has one is decided in package.json's allowScripts, and npm's strict
// check (what .ci/run installs with) passes on the project's lockfile and fails when one decision is missing.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { projectRoot } from '../src/config/project-root.ts'

interface PackageJson { scripts?: Record<string, string>, allowScripts?: Record<string, boolean> }
interface Lockfile { packages: Record<string, { version?: string, hasInstallScript?: boolean }> }

const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as PackageJson
const lockfile = JSON.parse(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as Lockfile

/** Whether the machine's npm knows the allowScripts policy (npm 11.16 and later). */
function npmKnowsAllowScripts (): boolean {
  const result = spawnSync('npm', ['config', 'get', 'strict-allow-scripts'], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.trim() !== 'undefined'
}

/** `npm ci --strict-allow-scripts --dry-run` on the project's lockfile with `allowScripts` as given (no scripts of our own). */
function strictDryRun (t: TestContext, allowScripts: Record<string, boolean>): { status: number | null, output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'status-api-install-scripts-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...manifest, scripts: {}, allowScripts }))
  copyFileSync(path.join(projectRoot, 'package-lock.json'), path.join(dir, 'package-lock.json'))
  const result = spawnSync('npm', ['ci', '--strict-allow-scripts', '--dry-run', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', timeout: 120_000 })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('install scripts', () => {
  it('decides every dependency that has an install script in allowScripts', () => {
    const withScripts = Object.entries(lockfile.packages).filter(([, entry]) => entry.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
    assert.ok(withScripts.includes('esbuild') && withScripts.includes('node'), withScripts.join(', '))
    const decided = manifest.allowScripts ?? {}
    assert.deepEqual(withScripts.filter((name) => typeof decided[name] !== 'boolean'), [], 'undecided install scripts')
    assert.equal(decided['better-sqlite3'], true, 'its native binding, should a version bring an install script again')
    assert.equal(decided['vnu-jar'], false, 'its script would download a Java runtime: the tests use the machine\'s java')
  })

  it('passes npm\'s strict check on the lockfile, and fails it when a decision is missing', { skip: npmKnowsAllowScripts() ? undefined : 'npm < 11.16', timeout: 300_000 }, (t) => {
    const passing = strictDryRun(t, manifest.allowScripts ?? {})
    assert.doesNotMatch(passing.output, /ESTRICTALLOWSCRIPTS/, passing.output)
    assert.equal(passing.status, 0, passing.output)
    const { esbuild, ...withoutEsbuild } = manifest.allowScripts ?? {}
    assert.equal(esbuild, true)
    const failing = strictDryRun(t, withoutEsbuild)
    assert.notEqual(failing.status, 0)
    assert.match(failing.output, /ESTRICTALLOWSCRIPTS[^]*esbuild@/)
  })
})
