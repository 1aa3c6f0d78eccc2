// YAML front matter (`---` … `---` at the very top): the page's `title` and `description`, and the Markdown after it.
import { parse } from 'yaml'

export interface FrontMatter {
  title?: string
  description?: string
  body: string
  /** Set when the block was there but could not be read; the page still renders without it. */
  error?: string
}

const BLOCK = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

export function readFrontMatter (source: string): FrontMatter {
  const match = BLOCK.exec(source)
  if (match === null) return { body: source.replace(/^\uFEFF/, '') }
  const body = source.slice(match[0].length)
  let data: unknown = plainKeyValues(match[1]!)
  if (data === undefined) {
    try {
      data = parse(match[1]!)
    } catch (error) {
      return { body, error: `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})` }
    }
  }
  if (data === null || typeof data !== 'object') return { body }
  const { title, description } = data as Record<string, unknown>
  return {
    body,
    ...(typeof title === 'string' && title.trim() !== '' ? { title: title.trim() } : {}),
    ...(typeof description === 'string' && description.trim() !== '' ? { description: description.trim() } : {})
  }
}

/**
 * One `key: value` line whose value YAML reads as that very text (a plain scalar): no indicator first, no `: ` or
 * ` #` inside, spaces only, no control characters. The key and value are groups 1 and 2.
 */
const PLAIN_LINE = /^([A-Za-z][\w-]{0,100}): +([^\s\-?:,[\]{}#&*!|>'"%@`\p{C}\u2028\u2029](?:[^\s:\p{C}\u2028\u2029]|:(?=[^\s\p{C}\u2028\u2029])| +(?=[^\s#\p{C}\u2028\u2029]))*) *$/u
/** Plain scalars YAML's core schema reads as something else than a string (null, booleans, numbers), or may. */
const NOT_TEXT = /^(?:[~+.\d]|(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$)/

/**
 * The block when every line is such a plain `key: value` (what front matter nearly always is): read without the
 * YAML parser, whose first use cost ~20 ms of each start. Undefined for anything else, which YAML then reads.
 */
export function plainKeyValues (block: string): Record<string, string> | undefined {
  const data: Record<string, string> = {}
  for (const line of block.split(/\r?\n/)) {
    const match = PLAIN_LINE.exec(line)
    if (match === null) return undefined
    const [, key, value] = match as unknown as [string, string, string]
    if (NOT_TEXT.test(key) || NOT_TEXT.test(value) || Object.hasOwn(data, key)) return undefined
    data[key] = value
  }
  return data
}
