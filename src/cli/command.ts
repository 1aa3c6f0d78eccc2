// What every CLI subcommand is: a name, a help text, and a run function that returns the exit code. Its one-line
// summary lives in src/cli/run.ts, which lists the commands without loading them.
import type { Config } from '../config/index.ts'
import type { Env } from '../lib/environment.ts'

export interface Command {
  name: string
  usage: string
  run (args: string[], config: Config): Promise<number>
}

/**
 * A command that reads the environment and not the service's whole Config: `config check other.yaml` must work
 * while that configuration (or the default status file) is broken.
 */
export interface EnvironmentCommand {
  name: string
  usage: string
  runOnEnvironment (args: string[], env: Env): Promise<number>
}

/** A mistake in how the command was called: printed as one line, exit code 2, nothing written. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export type Action = (args: string[], config: Config) => Promise<number>

/** A command made of actions (`incident open …`, `maintenance end …`): the first argument picks one. */
export function commandWithActions (spec: { name: string, usage: string, actions: Record<string, Action> }): Command {
  const names = Object.keys(spec.actions)
  const choices = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
  return {
    name: spec.name,
    usage: spec.usage,
    async run (args, config) {
      const [action, ...rest] = args
      if (action === undefined || !Object.hasOwn(spec.actions, action)) {
        throw new UsageError(`${spec.name}: ${action === undefined ? 'an action is missing' : `unknown action "${action}"`} (${choices})`)
      }
      return spec.actions[action]!(rest, config)
    }
  }
}
