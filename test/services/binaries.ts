// Finds the machine binaries the throwaway services need; a missing one skips loudly locally and fails in CI.
import { existsSync, readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

export function which (name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
  const path = found.stdout.trim()
  return found.status === 0 && path !== '' ? path : undefined
}

/** The newest PostgreSQL server's bin folder (Debian's /usr/lib/postgresql/<version>/bin). */
export function postgresBinDir (): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).filter((v) => existsSync(`${root}/${v}/bin/initdb`)).sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : `${root}/${versions[0]}/bin`
}

/**
 * The skip reason for a suite that needs `what`, or undefined when it is there. In CI a missing service is
 * an error, never a skip: `.ci/run` installs them.
 */
export function skipUnless (available: boolean, what: string): string | undefined {
  if (available) return undefined
  const message = `${what} is not installed on this machine: these tests are SKIPPED (run .ci/run to install it)`
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') throw new Error(`CI: ${message}`)
  console.warn(`\n*** ${message} ***\n`)
  return message
}
