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
  let data: unknown
  try {
    data = parse(match[1]!)
  } catch (error) {
    return { body, error: `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})` }
  }
  if (data === null || typeof data !== 'object') return { body }
  const { title, description } = data as Record<string, unknown>
  return {
    body,
    ...(typeof title === 'string' && title.trim() !== '' ? { title: title.trim() } : {}),
    ...(typeof description === 'string' && description.trim() !== '' ? { description: description.trim() } : {})
  }
}
