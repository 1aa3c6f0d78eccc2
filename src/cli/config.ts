// `status-api config check [FILE]` and `status-api config schema`: validate a status file without starting the
// service, and print its JSON Schema for editors. Reads the environment only, so it works while the Config does not.
import { parseArgs } from 'node:util'
import { statusFileLocation } from '../config/status-file.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { StatusFileError } from '../declaration/file-error.ts'
import { statusFileJsonSchema } from '../declaration/file-schema.ts'
import { loadStatusFile } from '../declaration/status-file.ts'
import type { Env } from '../lib/environment.ts'
import { UsageError, type EnvironmentCommand } from './command.ts'

export const configCommand: EnvironmentCommand = {
  name: 'config',
  usage: `status-api config check [FILE]
status-api config schema

check    Validates a status file without starting the service: FILE, else STATUS_FILE, else ./status.yaml
         (without either, it says so: the service then shows the built-in components). \${NAME} is read from the
         environment. Exit code 0 and a summary when the file is valid; 1 and the first mistake, as
         <file>: <path>: <rule>, when it is not.
schema   Prints the status file's JSON Schema (2020-12). Save it next to the file and name it in the file's first
         line, and editors check and complete as you type:
           status-api config schema > status.schema.json
           # yaml-language-server: $schema=./status.schema.json

The status file is described in docs/en/status-file.md.`,
  async runOnEnvironment (args, env) {
    let positionals: string[]
    try {
      positionals = parseArgs({ args, options: {}, allowPositionals: true, strict: true }).positionals
    } catch (error) {
      throw new UsageError(`config: ${(error as Error).message.split('\n')[0]}`)
    }
    const [action, ...rest] = positionals
    if (action === 'schema') {
      if (rest.length > 0) throw new UsageError('config schema: takes no arguments')
      console.log(JSON.stringify(statusFileJsonSchema(), null, 2))
      return 0
    }
    if (action === 'check') {
      if (rest.length > 1) throw new UsageError('config check: takes one file at most')
      return check(rest[0], env)
    }
    throw new UsageError(`config: ${action === undefined ? 'an action is missing' : `unknown action "${action}"`} (check or schema)`)
  }
}

/** Prints the summary of a valid file (exit 0) or its first mistake (exit 1), each as one line. */
function check (named: string | undefined, env: Env): number {
  const location = named === undefined ? statusFileLocation(env) : { file: named, shown: named }
  if (location === undefined) {
    console.log('no status file: STATUS_FILE is not set and there is no ./status.yaml, so the service shows the built-in components (database, cache, bot)')
    return 0
  }
  try {
    console.log(`${location.shown}: valid, ${summary(loadStatusFile(location.file, env))}`)
    return 0
  } catch (error) {
    if (!(error instanceof StatusFileError)) throw error
    console.error(`${location.shown}: ${error.message}`)
    return 1
  }
}

/** `7 components in 2 groups (1 builtin, 2 http, 1 tcp, 1 push, 1 platform, 1 manual)`, then `, 2 templates` and `; 2 maintenance series` when it declares any. */
function summary (declaration: StatusDeclaration): string {
  const { components, groups } = declaration
  const kinds = ['builtin', 'http', 'tcp', 'push', 'platform', 'manual']
    .map((kind) => [kind, components.filter((component) => component.check.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
  const inGroups = groups.length === 0 ? '' : ` in ${groups.length} group${groups.length === 1 ? '' : 's'}`
  const templates = declaration.templates?.length ?? 0
  const withTemplates = templates === 0 ? '' : `, ${templates} template${templates === 1 ? '' : 's'}`
  const series = declaration.maintenance?.length ?? 0
  const maintenance = series === 0 ? '' : `; ${series} maintenance series`
  return `${components.length} component${components.length === 1 ? '' : 's'}${inGroups} (${kinds.join(', ')})${withTemplates}${maintenance}`
}
