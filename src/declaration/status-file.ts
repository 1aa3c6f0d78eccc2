// Reads the status file (docs/en/architecture.md#status-model; docs/en/status-file.md): YAML, `${NAME}` from the environment, the schema, the
// rules across keys. Every mistake is one StatusFileError (./file-error.ts) line, `<path>: <rule>`; never a stack.
import { readFileSync } from 'node:fs'
import { parseDocument } from 'yaml'
import type { Env } from '../lib/environment.ts'
import type { StatusDeclaration } from './declaration.ts'
import { substituteEnvironment } from './env-substitution.ts'
import { toDeclaration } from './file-declaration.ts'
import { StatusFileError } from './file-error.ts'
import { StatusFileSchema, type StatusFile } from './file-schema.ts'
import { firstViolation } from './schema-check.ts'

/** The declaration in `file`, with `${NAME}` read from `env`; StatusFileError when the file is not a valid one. */
export function loadStatusFile (file: string, env: Env): StatusDeclaration {
  const document = parseYaml(readText(file))
  if (document === null || document === undefined) throw new StatusFileError('', 'the file is empty: it needs at least components (docs/en/status-file.md)')
  if (typeof document !== 'object' || Array.isArray(document)) throw new StatusFileError('', 'must be a mapping of product, groups and components')
  const substituted = new Set<string>()
  const value = substituteEnvironment(document, env, substituted)
  const mayQuote = (path: string) => !substituted.has(path)
  const violation = firstViolation(StatusFileSchema, value, { mayQuote })
  if (violation !== undefined) throw new StatusFileError(violation.path, violation.rule)
  return toDeclaration(value as StatusFile, { file, mayQuote })
}

function readText (file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as { code?: string }).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : code ?? 'unknown error'
    throw new StatusFileError('', `cannot be read: ${reason}`)
  }
}

/**
 * YAML 1.2 (so `yes` and `no` stay strings); a repeated key, a tag nobody knows, or a second document are errors,
 * named by line and column. Mappings come back as plain objects with text keys.
 */
function parseYaml (text: string): unknown {
  const document = parseDocument(text, { version: '1.2', uniqueKeys: true, strict: true, prettyErrors: true })
  const problem = document.errors[0] ?? document.warnings[0]
  if (problem !== undefined) {
    const position = problem.linePos?.[0]
    const message = problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
    throw new StatusFileError(position === undefined ? '' : `line ${position.line}, column ${position.col}`, message)
  }
  let value: unknown
  try {
    value = document.toJS({ mapAsMap: true })
  } catch (error) {
    throw new StatusFileError('', (error as Error).message.split('\n')[0]!)
  }
  return plainObjects(value, [])
}

/** Maps (what YAML allows as keys) turned into objects; a key that is not text, a number or a boolean is refused. */
function plainObjects (value: unknown, path: Array<string | number>): unknown {
  if (Array.isArray(value)) return value.map((item, index) => plainObjects(item, [...path, index]))
  if (!(value instanceof Map)) return value
  return Object.fromEntries([...value.entries()].map(([key, item]: [unknown, unknown]) => {
    if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'boolean') {
      throw new StatusFileError(path, `has a key that is not text (${key === null ? 'an empty key' : 'a list or mapping'})`)
    }
    return [String(key), plainObjects(item, [...path, String(key)])]
  }))
}
