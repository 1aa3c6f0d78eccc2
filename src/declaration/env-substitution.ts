// `${NAME}` in the status file's string values, replaced from the environment so that secrets stay out of the file.
// Errors name the place and the variable, never a value.
import type { Env } from '../lib/environment.ts'
import { StatusFileError, formatPath, type FilePath } from './file-error.ts'
import { quote } from './schema-check.ts'

/** Every `${` starts a reference; an unclosed one or a name outside these characters is a mistake. */
const REFERENCE = /\$\{([^}]*)(\}?)/g
const NAME = /^[A-Z_][A-Z0-9_]*$/

/**
 * A copy of `value` with every reference in its strings (not its keys) replaced. The formatted path of each string
 * that held one is added to `substituted`, so that later errors do not print what the environment gave.
 */
export function substituteEnvironment (value: unknown, env: Env, substituted: Set<string>, path: FilePath = []): unknown {
  if (typeof value === 'string') return substituteText(value, env, substituted, path)
  if (Array.isArray(value)) return value.map((item, index) => substituteEnvironment(item, env, substituted, [...path, index]))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substituteEnvironment(item, env, substituted, [...path, key])]))
  }
  return value
}

function substituteText (text: string, env: Env, substituted: Set<string>, path: FilePath): string {
  if (!text.includes('${')) return text
  const result = text.replace(REFERENCE, (reference: string, name: string, closing: string) => {
    if (closing === '' || !NAME.test(name)) {
      throw new StatusFileError(path, `${quote(reference)} is not a variable: write \${NAME} with capital letters, digits and _`)
    }
    const replacement = env[name]
    if (replacement === undefined || replacement === '') throw new StatusFileError(path, `environment variable ${name} is not set`)
    return replacement
  })
  substituted.add(formatPath(path))
  return result
}
