// What every CLI subcommand is: a name, a help text, and a run function that returns the exit code.
import type { Config } from '../config.ts'

export interface Command {
  name: string
  summary: string
  usage: string
  run (args: string[], config: Config): Promise<number>
}

/** A mistake in how the command was called: printed as one line, exit code 2, nothing written. */
export class UsageError extends Error {
  override name = 'UsageError'
}
