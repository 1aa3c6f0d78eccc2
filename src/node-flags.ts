// The V8 flags the server runs with, however it is started (`status-api`, `node bin/status-api.js`, `node src/main.ts`,
// a container CMD): V8 reads them only when the process starts (v8.setFlagsFromString later leaves the young generation
// as it was; NODE_OPTIONS refuses --no-allocation-site-pretenuring), so a server process started without them replaces
// itself (process.execve: same pid, same signals, no launcher left waiting) with one that has them.
// docs/en/operations.md#node-flags. Node's compile cache (docs/en/operations.md#compile-cache) is switched on here too.
import module from 'node:module'

export const NODE_FLAGS = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring']

/** Set in the replacement, so that it never replaces itself again even if its flags were somehow lost. */
const RELAUNCHED = 'STATUS_API_NODE_FLAGS_RELAUNCH'

/** The commands that run the server (no command means `serve`); `--help` only prints. */
const SERVER_COMMANDS = ['serve', 'demo']

/** True when these CLI arguments start the server. */
export function startsServer (argv: string[]): boolean {
  if (argv.includes('--help') || argv.includes('-h')) return false
  const [first] = argv
  return first === undefined || first.startsWith('-') || SERVER_COMMANDS.includes(first)
}

/** The flags of NODE_FLAGS this process was started with. */
export function appliedNodeFlags (): string[] {
  return NODE_FLAGS.filter((flag) => process.execArgv.includes(flag))
}

/**
 * When this process lacks a flag (and is not already the replacement), replaces it with the same command line started
 * with the flags; returns only where that cannot be done (no `process.execve`, i.e. Windows), and the server then runs
 * without them (its `serving` log line shows which flags are in effect).
 */
export function ensureNodeFlags (): void {
  if (appliedNodeFlags().length === NODE_FLAGS.length || process.env[RELAUNCHED] !== undefined) return
  if (typeof process.execve !== 'function') return
  const argv = [process.execPath, ...NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)]
  flushCompileCache() // what this process compiled, kept for the next start: execve skips the flush at exit
  process.execve(process.execPath, argv, { ...process.env, [RELAUNCHED]: '1' })
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
