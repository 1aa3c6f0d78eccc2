// The Node flags the `status-api` bin starts with (its shebang line), so that the benchmarks run the service with
// the same heap settings as `npm start` and `status-api serve` do.
import { readFileSync } from 'node:fs'
import path from 'node:path'

export const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'status-api.js')

/** `#!/usr/bin/env -S node --max-semi-space-size=8` → `['--max-semi-space-size=8']`. */
export function binNodeFlags (): string[] {
  const shebang = readFileSync(BIN, 'utf8').split('\n', 1)[0]!
  return shebang.split(/\s+/).filter((word) => word.startsWith('--'))
}
