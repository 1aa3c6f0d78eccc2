// The V8 flags the server runs with, however it is started (`status-api`, `node bin/status-api.js`, `node src/main.ts`,
// a container CMD): V8 reads them only when the process starts (v8.setFlagsFromString later leaves the young generation
// as it was; NODE_OPTIONS refuses --no-allocation-site-pretenuring), so a server process started without them runs
// itself once more as a child with them, passing signals in and the exit code out. docs/en/operations.md#node-flags.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'

export const NODE_FLAGS = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring']

/** Set in the child, so that it never starts another one even if its flags were somehow lost. */
const RELAUNCHED = 'STATUS_API_NODE_FLAGS_RELAUNCH'

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP']

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

/** True when this process lacks a flag and is not itself the relaunched child. */
export function needsRelaunch (): boolean {
  return appliedNodeFlags().length < NODE_FLAGS.length && process.env[RELAUNCHED] === undefined
}

/**
 * Runs this same command line in a child started with the flags; resolves to the exit code to leave with (a child
 * ended by a signal gives 128 + its number, as a shell reports it).
 */
export function runWithNodeFlags (): Promise<number> {
  const child = spawn(process.execPath, [...NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [RELAUNCHED]: '1' },
    // Its own process group, so a terminal's Ctrl-C reaches it once (through us), not twice: a second signal means
    // "exit at once". The IPC channel tells it when we are gone without a signal (SIGKILL).
    detached: true,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc']
  })
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal])))
  })
}

/** In a relaunched child: `onGone` runs when the parent disappears without passing a signal on. */
export function whenLauncherGone (onGone: () => void): void {
  if (process.env[RELAUNCHED] === undefined || process.channel === undefined) return
  process.once('disconnect', onGone)
  process.channel.unref() // the channel alone never keeps the process running
}
