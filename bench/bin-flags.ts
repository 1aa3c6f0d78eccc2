// The V8 flags and malloc setting the server runs with (src/node-flags.ts), passed by the benchmarks when they start the
// service so that it runs as one process, as `status-api serve` runs once it has applied them.
import path from 'node:path'
import { NODE_FLAGS, serverEnvironment } from '../src/node-flags.ts'

export const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'status-api.js')

/**
 * `['--max-semi-space-size=8', '--no-allocation-site-pretenuring', '--no-maglev', '--expose-gc']`; `BENCH_NODE_FLAGS=off npm run
 * bench:health` gives none, to measure what the flags do (bench:health starts the app directly, so nothing relaunches
 * it with them).
 */
export function binNodeFlags (): string[] {
  return process.env.BENCH_NODE_FLAGS === 'off' ? [] : [...NODE_FLAGS]
}

/** `env` with the server's malloc setting where it leaves it unset (none with BENCH_NODE_FLAGS=off). */
export function binEnvironment (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return process.env.BENCH_NODE_FLAGS === 'off' ? env : serverEnvironment(env)
}
