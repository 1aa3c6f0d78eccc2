// Shared plumbing of the operator commands: strict option parsing and opening an existing database,
// with every mistake turned into a one-line UsageError (exit code 2).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Config } from '../config/index.ts'
import { InvalidInput } from '../incidents/rules.ts'
import { SQLITE_FILE, openDatabase, type Database } from '../store/database.ts'
import { UsageError } from './command.ts'
import { describeWriteError } from '../store/write-errors.ts'

type OptionNames = readonly string[]

export interface ParsedCommandLine<Name extends string, List extends string = never> {
  options: Partial<Record<Name, string>>
  /** Each repeatable option's values in the order given; empty when it was not given. */
  lists: Record<List, string[]>
  positionals: string[]
}

/**
 * Parses `args` allowing only the named string options, each at most once, the `repeatable` ones any number of
 * times, and exactly `positionals` positional words (named for the error message), e.g.
 * `parseCommandLine(command, args, ['message'], ['incident id'], ['component'])`.
 */
export function parseCommandLine<const Names extends OptionNames, const Lists extends OptionNames = []> (
  command: string, args: string[], names: Names, positionals: readonly string[] = [], repeatable?: Lists
): ParsedCommandLine<Names[number], Lists[number]> {
  const lists: readonly string[] = repeatable ?? []
  let parsed
  try {
    parsed = parseArgs({
      args,
      options: Object.fromEntries([
        ...names.map((name) => [name, { type: 'string' as const }]),
        ...lists.map((name) => [name, { type: 'string' as const, multiple: true }])
      ]),
      allowPositionals: true,
      strict: true,
      tokens: true
    })
  } catch (error) {
    throw new UsageError(`${command}: ${parseErrorLine(String((error as Error).message))}`)
  }
  // util.parseArgs keeps the last of a repeated option: a second --status would silently win over the first.
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || lists.includes(token.name)) continue
    if (seen.has(token.name)) throw new UsageError(`${command}: --${token.name} is given twice; it takes one value`)
    seen.add(token.name)
  }
  if (parsed.positionals.length < positionals.length) {
    throw new UsageError(`${command}: the ${positionals[parsed.positionals.length]} is missing`)
  }
  if (parsed.positionals.length > positionals.length) {
    throw new UsageError(`${command}: unexpected argument "${parsed.positionals[positionals.length]}"`)
  }
  const values = parsed.values as Record<string, string | string[] | undefined>
  return {
    options: Object.fromEntries(names.filter((name) => values[name] !== undefined).map((name) => [name, values[name]])) as Partial<Record<Names[number], string>>,
    lists: Object.fromEntries(lists.map((name) => [name, values[name] ?? []])) as Record<Lists[number], string[]>,
    positionals: parsed.positionals
  }
}

/** util.parseArgs explains itself over several lines; keep the gist on one. */
function parseErrorLine (message: string): string {
  const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(message)
  if (ambiguous !== null) return `a value of ${ambiguous[1]} that starts with a dash must be written ${ambiguous[1]}=VALUE (e.g. ${ambiguous[1]}=-30m)`
  return message.split('\n')[0]!.split('. To specify')[0]!
}

/** Runs `fn`, turning a refusal of the input into a UsageError prefixed with the command. */
export async function asUsage<T> (command: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof InvalidInput) throw new UsageError(`${command}: ${error.message}`)
    throw error
  }
}

/**
 * Opens the configured database for an operator command. The embedded SQLite file must exist already:
 * a mistyped DATA_DIR would otherwise create an empty database the server never reads.
 */
export async function withExistingDatabase<T> (config: Config, fn: (database: Database) => Promise<T>): Promise<T> {
  if (config.databaseUrl === undefined) {
    const file = path.join(config.dataDir, SQLITE_FILE)
    if (!existsSync(file)) {
      throw new Error(`no database at ${file}; set DATA_DIR (or DATABASE_URL), or start the server or run status-api migrate first`)
    }
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    return await fn(database)
  } catch (error) {
    // "disk full", "the database is read-only": the cause, not the driver's wording (nothing was written).
    const cause = describeWriteError(error)
    throw cause === undefined ? error : new Error(`nothing was written: ${cause}`)
  } finally {
    await database.close()
  }
}
