// A throwaway PostgreSQL server from the machine's binaries, on a random loopback port in a temp folder.
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { postgresBinDir, skipUnless } from './binaries.ts'
import { freePort } from './ports.ts'

const binDir = postgresBinDir()
export const postgresSkip = () => skipUnless(binDir !== undefined, 'PostgreSQL (postgresql)')

const asRoot = process.getuid?.() === 0

export class PostgresServer {
  readonly port: number
  readonly dir: string
  #databases = 0

  constructor (port: number, dir: string) {
    this.port = port
    this.dir = dir
  }

  url (database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }

  /** A new, empty database on this server, so tests never share tables. */
  async createDatabase (): Promise<string> {
    const name = `test_${process.pid}_${++this.#databases}`
    const client = new pg.Client({ connectionString: this.url() })
    await client.connect()
    try {
      await client.query(`create database ${name}`)
    } finally {
      await client.end()
    }
    return this.url(name)
  }

  start (): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '30', 'start'])
  }

  /** A clean, fast stop: the server goes away as it would on a crash-free restart. */
  stop (): void {
    run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop'], true)
  }

  /** kill -9 on the postmaster and every backend: the crash case (connections drop mid-query). */
  kill (): void {
    let pid: number
    try {
      pid = Number(readFileSync(path.join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
    } catch {
      return // not running
    }
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number)
    for (const target of [pid, ...children]) {
      try { process.kill(target, 'SIGKILL') } catch { /* already gone */ }
    }
  }

  destroy (): void {
    this.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** runuser lives in an sbin folder, which a PATH without them (env -i, some CI shells) does not reach. */
const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((candidate) => existsSync(candidate)) ?? 'runuser'

function run (tool: string, args: string[], ignoreFailure = false): void {
  const command = asRoot ? runuser : path.join(binDir!, tool)
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(binDir!, tool), ...args] : args
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', cwd: '/' })
  if (result.status !== 0 && !ignoreFailure) {
    throw new Error(`${tool} failed: ${result.error?.message ?? (result.stderr || result.stdout)}`)
  }
}

let shared: Promise<PostgresServer> | undefined

/** One server per test process (started on first use, removed at exit); each test takes its own database. */
export function sharedPostgres (): Promise<PostgresServer> {
  shared ??= startPostgres()
  return shared
}

export async function startPostgres (): Promise<PostgresServer> {
  const dir = serverDir('status-api-pg-')
  // A copy of a data folder made once (initdb takes seconds; the copy a tenth of one).
  copy(path.join(templateDir(), 'data'), path.join(dir, 'data'))
  const server = new PostgresServer(await freePort(), dir)
  server.start()
  process.once('exit', () => server.destroy())
  return server
}

/** A new temp folder the server's user owns. */
function serverDir (prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    chownSync(dir, Number(ids.stdout), Number(gids.stdout))
  }
  return dir
}

/**
 * A freshly initialised data folder, made by the first test process that needs one and kept in the temp folder
 * for every later process and run (one per PostgreSQL version and user); the name changes with initdb's options.
 */
function templateDir (): string {
  const template = path.join(tmpdir(), `status-api-pg-template-${path.basename(path.dirname(binDir!))}-${process.getuid?.() ?? 0}-v2`)
  if (existsSync(template)) return template
  const building = serverDir(`${path.basename(template)}-building-`)
  run('initdb', ['-D', path.join(building, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C', '--wal-segsize=1'])
  try {
    renameSync(building, template) // atomic: another process sees the whole template or none
  } catch {
    rmSync(building, { recursive: true, force: true }) // another process got there first
  }
  return template
}

/** cp -a keeps the owner and the modes PostgreSQL insists on. */
function copy (from: string, to: string): void {
  const result = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`copying the PostgreSQL template failed: ${result.stderr}`)
}
