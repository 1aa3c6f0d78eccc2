// The status section (docs/en/architecture.md#status-model): where the status file is, and its declaration, or the built-in model without one.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { builtinDeclaration, type StatusDeclaration } from '../declaration/declaration.ts'
import { StatusFileError } from '../declaration/file-error.ts'
import { loadStatusFile } from '../declaration/status-file.ts'
import type { Env } from '../lib/environment.ts'
import { ConfigError } from './values.ts'

export interface StatusFileLocation {
  /** The absolute path. */
  file: string
  /** How messages name it: STATUS_FILE's value as given, or `status.yaml`. */
  shown: string
  fromVariable: boolean
}

/** `STATUS_FILE`, else `./status.yaml` when it exists, else undefined (the built-in model). */
export function statusFileLocation (env: Env): StatusFileLocation | undefined {
  const named = env.STATUS_FILE?.trim()
  if (named !== undefined && named !== '') {
    if (!existsSync(named)) throw new ConfigError(`STATUS_FILE names a file that does not exist (${named})`)
    return { file: path.resolve(named), shown: named, fromVariable: true }
  }
  return existsSync('status.yaml') ? { file: path.resolve('status.yaml'), shown: 'status.yaml', fromVariable: false } : undefined
}

/** The status file's declaration (docs/en/architecture.md#status-model); a mistake in it is one line naming the file, the place and the rule. */
export function statusDeclaration (env: Env): StatusDeclaration {
  const location = statusFileLocation(env)
  if (location === undefined) return builtinDeclaration()
  try {
    return loadStatusFile(location.file, env)
  } catch (error) {
    if (error instanceof StatusFileError) throw new ConfigError(`${location.fromVariable ? 'STATUS_FILE ' : ''}${location.shown}: ${error.message}`)
    throw error
  }
}
