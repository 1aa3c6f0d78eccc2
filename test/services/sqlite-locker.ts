// Another process holding SQLite's write lock (`BEGIN IMMEDIATE`) on a database file for a while: the fault a
// long CLI command, a backup tool or a second server produces.
import { spawn } from 'node:child_process'
import { once } from 'node:events'

const SCRIPT = `
import SQLite from 'better-sqlite3'
const [file, holdMs] = process.argv.slice(1)
const db = new SQLite(file)
db.pragma('busy_timeout = 5000')
db.exec('BEGIN IMMEDIATE')
process.stdout.write('locked\\n')
setTimeout(() => { db.exec('COMMIT'); db.close(); process.stdout.write('released\\n') }, Number(holdMs))
`

export interface HeldLock {
  /** Resolves when the other process has committed and exited. */
  released: Promise<void>
}

/** Resolves once the other process holds the lock; it releases it by itself after `holdMs`. */
export async function holdWriteLock (file: string, holdMs: number): Promise<HeldLock> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, file, String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] })
  process.once('exit', () => child.kill('SIGKILL'))
  let output = ''
  child.stdout.setEncoding('utf8')
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => { output += chunk; if (output.includes('locked')) resolve() })
    child.once('exit', (code) => reject(new Error(`the locking process exited (${code}) before taking the lock`)))
  })
  return { released: once(child, 'exit').then(() => undefined) }
}
