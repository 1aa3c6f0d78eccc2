// Every path a comment of src/ names exists, so a comment cannot keep pointing at a file that was moved or renamed.
//
// The comments are read with TypeScript's own scanner (the leading and trailing comment ranges of every node), so a
// `//` inside a string or a URL is never taken for one. A word of a comment is a path when it has a `/` and ends in a
// file extension or in `/`, and it is one of:
// - rooted at the project: `src/…`, `test/…`, `bench/…`, `docs/…`, `bin/…`, resolved from the project root;
// - rooted at a folder of src/: `edge/purge-planner.ts`, `http/operator/`, resolved from src/ or from the comment's folder;
// - relative: `./schema-check.ts`, `../api/health.ts` (code, JSON, CSS or Markdown), resolved from the comment's folder.
// Not paths: URLs and URL paths (`https://…`, `/api/v1/health`), globs and placeholders (`*`, `{…}`, `<target>/…`,
// `${…}`, a one-letter name such as `./x.ts`), import specifiers shown in quotes (`from './status-format.js'`), and
// anything else, such as a docs-relative `guide/index.md` or the operator's `./status.yaml` in the working directory.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const ROOTED = /^(src|test|bench|docs|bin)\//
const RELATIVE = /^\.\.?\//
const RELATIVE_FILE = /\.(ts|js|mjs|cjs|json|css|md)$/
const ENDS_AS_PATH = /(\/|\.[a-z][a-z0-9]{0,4})$/
const NOT_A_PATH = /[*{}<>$]|:\/\/|^\/|(^|\/)\w\.[a-z]+$/
const srcFolders = new Set(readdirSync(path.join(root, 'src'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name))

function sources (folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const name = `${folder}/${entry.name}`
    if (entry.isDirectory()) return sources(name)
    return /\.(ts|js|mjs)$/.test(entry.name) ? [name] : []
  })
}

/** Every comment of a source text, once each, with the line it starts on. */
export function commentsOf (file: string, text: string): { line: number, text: string }[] {
  const kind = file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found = new Map<number, string>()
  const add = (ranges: ts.CommentRange[] | undefined) => { for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end)) }
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.getFullStart()))
    add(ts.getTrailingCommentRanges(text, node.getEnd()))
    node.getChildren(source).forEach(visit)
  }
  visit(source)
  return [...found].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }))
}

/** The words of a comment that are paths (see the header), each with where it may be found. */
export function pathsIn (file: string, comment: string): { name: string, candidates: string[] }[] {
  const paths: { name: string, candidates: string[] }[] = []
  for (const match of comment.matchAll(/(['"]?)([^\s`'"(),;[\]]+)/g)) {
    const [, quote, raw] = match as unknown as [string, string, string]
    const name = raw.replace(/[.:!?]+$/, '')
    if (quote !== '' || !name.includes('/') || !ENDS_AS_PATH.test(name) || NOT_A_PATH.test(name)) continue
    const here = path.posix.dirname(file)
    if (ROOTED.test(name)) paths.push({ name, candidates: [name] })
    else if (RELATIVE.test(name)) { if (RELATIVE_FILE.test(name)) paths.push({ name, candidates: [path.posix.join(here, name)] }) }
    else if (srcFolders.has(name.split('/')[0]!)) paths.push({ name, candidates: [`src/${name}`, path.posix.join(here, name)] })
  }
  return paths
}

/** The paths named in one source's comments that do not exist, as `file:line: path`. */
export function missingPaths (file: string, comments: { line: number, text: string }[]): string[] {
  const exists = (name: string) => existsSync(path.join(root, name))
  return comments.flatMap((comment) => pathsIn(file, comment.text)
    .filter((named) => !named.candidates.some(exists))
    .map((named) => `${file}:${comment.line}: ${named.name}`))
}

describe('paths named in the comments of src/', () => {
  const comments = sources('src').map((file) => [file, commentsOf(file, readFileSync(path.join(root, file), 'utf8'))] as const)

  it('reads the comments of every source file, and finds paths in them', () => {
    assert.ok(comments.length > 250, `read ${comments.length} files`)
    const named = comments.flatMap(([file, list]) => list.flatMap((comment) => pathsIn(file, comment.text)))
    assert.ok(named.length > 100, `found ${named.length} paths`)
  })

  it('name only paths that exist', () => {
    assert.deepEqual(comments.flatMap(([file, list]) => missingPaths(file, list)), [])
  })

  it('fails on a path that does not exist, in either kind of comment (the check itself can fail)', () => {
    const text = [
      '// The rule (src/http/conventions.ts) and its test, test/status/schema-check.test.ts.',
      "const url = 'https://example.com/src/nowhere.ts' // publish/nowhere.ts, but http/conventions.ts exists",
      '/** See ./nowhere.ts and ../api/health.ts; from \'./quoted.js\' is an example, src/*.ts a glob. */',
      'export const x = `// not a comment: src/in-a-template.ts`'
    ].join('\n')
    assert.deepEqual(missingPaths('src/http/made-up.ts', commentsOf('src/http/made-up.ts', text)), [
      'src/http/made-up.ts:1: test/status/schema-check.test.ts',
      'src/http/made-up.ts:2: publish/nowhere.ts',
      'src/http/made-up.ts:3: ./nowhere.ts'
    ])
  })
})
