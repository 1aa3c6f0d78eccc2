// The V8 flags the server runs with, however it is started (`status-api`, `node bin/status-api.js`, `node src/main.ts`,
// a container CMD): V8 reads them only when the process starts (v8.setFlagsFromString later leaves the young generation
// as it was; NODE_OPTIONS refuses --no-allocation-site-pretenuring), so a server process started without them replaces
// itself (process.execve: same pid, same signals, no launcher left waiting) with one that has them, and with glibc's
// malloc limited to two arenas and its trim threshold pinned (MALLOC_ENV; read only when a process starts, too).
// docs/en/operations.md#node-flags.
// Node's compile cache (docs/en/operations.md#compile-cache) is switched on here too.
import module from 'node:module'

/**
 * `--no-maglev`: from start-up through 20,000 distinct search queries, V8's mid-tier compiler (Maglev) compiled 567
 * times beside TurboFan's 212, and the C heap kept what its compilations freed: ~10 MiB more RSS. Without it
 * TurboFan compiled 365 times and the rate of requests held. `--expose-gc` lets the server give memory back once it
 * is quiet (src/lib/memory-release.ts) and free large bodies' bytes sooner (src/lib/body-bytes.ts).
 */
export const NODE_FLAGS = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring', '--no-maglev', '--expose-gc']

/**
 * glibc's malloc keeps an arena per thread that allocates (up to 8 per core), each holding on to what it once
 * needed; two are enough for a server whose JavaScript runs on one thread (measured: ~6 MiB less idle RSS). Its trim
 * threshold pinned at glibc's own default (128 KiB): unpinned, glibc raises it (and the size from which a block gets
 * its own mapping) each time a large block is freed, up to 64 MiB, and then keeps what compressing bodies freed at the
 * top of its heap (measured: ~4 MiB less RSS after load). An operator's own setting wins. Other C libraries ignore them.
 */
export const MALLOC_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' }

/** Set in the replacement, so that it never replaces itself again even if its flags were somehow lost. */
const RELAUNCHED = 'STATUS_API_NODE_FLAGS_RELAUNCH'

/** The commands that run the server (no command means `serve`); `--help` and `--version` only print. */
const SERVER_COMMANDS = ['serve', 'demo']

/** True when these CLI arguments start the server. */
export function startsServer (argv: string[]): boolean {
  if (argv.includes('--help') || argv.includes('-h')) return false
  if (['--version', '-v'].includes(argv[0] ?? '')) return false
  const [first] = argv
  return first === undefined || first.startsWith('-') || SERVER_COMMANDS.includes(first)
}

/** The flags of NODE_FLAGS this process was started with. */
export function appliedNodeFlags (): string[] {
  return NODE_FLAGS.filter((flag) => process.execArgv.includes(flag))
}

/** The environment a server process starts with: this one's, with MALLOC_ENV where it leaves a variable unset. */
export function serverEnvironment (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...MALLOC_ENV, ...env }
}

/**
 * When this process lacks a flag or a MALLOC_ENV variable (and is not already the replacement), replaces it with the
 * same command line started with the flags and that environment; returns only where that cannot be done (no
 * `process.execve`, i.e. Windows), and the server then runs without them (its `serving` log line shows which flags
 * are in effect).
 */
export function ensureNodeFlags (): void {
  const complete = appliedNodeFlags().length === NODE_FLAGS.length && Object.keys(MALLOC_ENV).every((name) => process.env[name] !== undefined)
  if (complete || process.env[RELAUNCHED] !== undefined) return
  if (typeof process.execve !== 'function') return
  const missing = NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag))
  const argv = [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)]
  flushCompileCache() // what this process compiled, kept for the next start: execve skips the flush at exit
  process.execve(process.execPath, argv, { ...serverEnvironment(), [RELAUNCHED]: '1' })
}

/**
 * Switches on Node's module compile cache (NODE_COMPILE_CACHE, else <os.tmpdir()>/node-compile-cache;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off): the TypeScript sources are then stripped once, not on every start, and
 * Node's wasm type stripper is not even loaded. A cache that cannot be used only costs time: this never throws.
 */
export function enableCompileCache (): void {
  try {
    module.enableCompileCache?.()
  } catch {
    // started without the cache
  }
}

/** Writes what this process has compiled so far to the cache (Node writes it only at a normal exit). Never throws. */
export function flushCompileCache (): void {
  try {
    module.flushCompileCache?.()
  } catch {
    // written at exit instead, or not at all
  }
}
