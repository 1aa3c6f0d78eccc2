// The configuration reference (docs/{en,de}/configuration.md) lists exactly the environment variables src/config/ reads,
// each once, under the section of the file that reads it, with the range the code enforces.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '../..')
const configDir = path.join(root, 'src/config')

interface Source { file: string, text: string }

/** A variable as the code reads it: the files (by base name, `server`) that read it, and any whole-number range. */
interface Read { files: Set<string>, range?: string }

const configSources = (): Source[] => readdirSync(configDir).filter((name) => name.endsWith('.ts')).sort()
  .map((name) => ({ file: `src/config/${name}`, text: readFileSync(path.join(configDir, name), 'utf8') }))

const VARIABLE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/

/**
 * Every variable the sources read, found in their syntax rather than by a pattern over the text. A variable is read by
 * `env.NAME` / `env['NAME']`, by calling a `Reader` (`read('NAME')`), or by calling a function that passes one of its
 * parameters on as a name (`integer(read, 'NAME', …)`, `snowflake('NAME')`); those functions are found by following the
 * parameters until nothing changes. A name the syntax does not tell (`read(prefix + 'X')`) is a problem, not a skip:
 * the extraction cannot miss a read silently.
 */
function environmentReads (sources: Source[]): { reads: Map<string, Read>, unclear: string[] } {
  const parsed = sources.map((source) => ({ ...source, tree: ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true) }))
  /** Named functions and the positions of their parameters that are a variable's name. */
  const takers = new Map<string, Set<number>>()
  const functions: Array<{ name: string, node: ts.SignatureDeclaration & { body?: ts.Node } }> = []
  const readers = new Set<string>()
  for (const { tree } of parsed) {
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) && node.name !== undefined) functions.push({ name: node.name.text, node })
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
        functions.push({ name: node.name.text, node: node.initializer })
      }
      // A parameter typed Reader is called with a name: `read(name)`.
      if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.type !== undefined && ts.isTypeReferenceNode(node.type) &&
        node.type.typeName.getText() === 'Reader') readers.add(node.name.text)
      ts.forEachChild(node, visit)
    }
    visit(tree)
  }

  /** The argument positions of a call that are names, or undefined when the callee reads none. */
  const namePositions = (call: ts.CallExpression): Set<number> | undefined => {
    if (!ts.isIdentifier(call.expression)) return undefined
    const callee = call.expression.text
    if (readers.has(callee)) return new Set([0])
    return takers.get(callee)
  }
  const isEnv = (node: ts.Expression): boolean => (ts.isIdentifier(node) && node.text === 'env') ||
    (ts.isPropertyAccessExpression(node) && node.name.text === 'env' && ts.isIdentifier(node.expression) && node.expression.text === 'process')
  /** Each expression that is a variable's name: the argument of a reading call, or the key of an element access on env. */
  const nameSites = (node: ts.Node, found: ts.Expression[] = []): ts.Expression[] => {
    if (ts.isCallExpression(node)) {
      for (const index of namePositions(node) ?? []) {
        const argument = node.arguments[index]
        if (argument !== undefined) found.push(argument)
      }
    }
    if (ts.isElementAccessExpression(node) && isEnv(node.expression)) found.push(node.argumentExpression)
    ts.forEachChild(node, (child) => { nameSites(child, found) })
    return found
  }

  // Follow the parameters: a function whose parameter reaches a name site takes a name there.
  for (let changed = true; changed;) {
    changed = false
    for (const { name, node } of functions) {
      if (node.body === undefined) continue
      const parameters = node.parameters.map((parameter) => ts.isIdentifier(parameter.name) ? parameter.name.text : undefined)
      for (const site of nameSites(node.body)) {
        const index = ts.isIdentifier(site) ? parameters.indexOf(site.text) : -1
        if (index < 0) continue
        const positions = takers.get(name) ?? new Set<number>()
        if (!positions.has(index)) {
          positions.add(index)
          takers.set(name, positions)
          changed = true
        }
      }
    }
  }

  const reads = new Map<string, Read>()
  const unclear: string[] = []
  const record = (name: string, file: string, range?: string): void => {
    const read = reads.get(name) ?? { files: new Set<string>() }
    read.files.add(path.basename(file, '.ts'))
    if (range !== undefined) read.range = range
    reads.set(name, read)
  }
  for (const { file, tree } of parsed) {
    const where = (node: ts.Node): string => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && isEnv(node.expression)) record(node.name.text, file)
      if (ts.isCallExpression(node) || (ts.isElementAccessExpression(node) && isEnv(node.expression))) {
        const sites = ts.isCallExpression(node)
          ? [...namePositions(node) ?? []].map((index) => node.arguments[index]).filter((argument) => argument !== undefined)
          : [(node as ts.ElementAccessExpression).argumentExpression]
        for (const site of sites) {
          if (ts.isStringLiteralLike(site) && VARIABLE.test(site.text)) {
            // integer(read, NAME, fallback, min, max): the range is the code's, and the reference must say it.
            const [, , , min, max] = ts.isCallExpression(node) ? node.arguments : []
            const range = ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'integer' &&
              min !== undefined && max !== undefined ? `${Number(min.getText().replaceAll('_', ''))}–${Number(max.getText().replaceAll('_', ''))}` : undefined
            record(site.text, file, range)
          } else if (!isForwarded(site)) {
            unclear.push(`${where(site)}: cannot tell which variable \`${site.getText()}\` names`)
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(tree)
  }
  return { reads, unclear }

  /** A parameter of the enclosing function passed on as it came: the function's own callers name the variable. */
  function isForwarded (site: ts.Expression): boolean {
    if (!ts.isIdentifier(site)) return false
    for (let node: ts.Node | undefined = site.parent; node !== undefined; node = node.parent) {
      if (ts.isFunctionLike(node) && node.parameters.some((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === site.text)) return true
    }
    return false
  }
}

/** A variable as a page lists it: the anchors of the sections it is listed under, and its row's text. */
interface Listed { sections: string[], row: string }

/** The variables a page's tables list: the backticked names in the first cell of each row, under the `{#anchor}` above. */
function listedVariables (markdown: string): Map<string, Listed> {
  const listed = new Map<string, Listed>()
  let section = ''
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,6} .*\{#([\w-]+)\}\s*$/.exec(line)
    if (heading !== null) section = heading[1]!
    const cells = /^\|(.*)\|\s*$/.exec(line)?.[1]?.split('|')
    if (cells === undefined) continue
    for (const [, name] of cells[0]!.matchAll(/`([^`]+)`/g)) {
      if (!VARIABLE.test(name!)) continue
      const entry = listed.get(name!) ?? { sections: [], row: '' }
      entry.sections.push(section)
      entry.row = line
      listed.set(name!, entry)
    }
  }
  return listed
}

/** What is wrong between the code's reads and a page's list, one line each; empty when they agree. */
function disagreements (reads: Map<string, Read>, listed: Map<string, Listed>): string[] {
  const problems: string[] = []
  for (const [name, read] of reads) {
    const entry = listed.get(name)
    const files = [...read.files].sort()
    if (entry === undefined) {
      problems.push(`${name} is read by ${files.join(', ')} but not listed`)
      continue
    }
    if (entry.sections.length > 1) problems.push(`${name} is listed ${entry.sections.length} times (${entry.sections.join(', ')}): list it once`)
    if (!entry.sections.every((section) => read.files.has(section))) {
      problems.push(`${name} is listed under {#${entry.sections.join('}, {#')}}, but read by ${files.join(', ')}: list it under one of those files' sections`)
    }
    if (read.range !== undefined && !new RegExp(`(?<!\\d)${read.range}(?!\\d)`).test(entry.row.replaceAll('`', ''))) {
      problems.push(`${name}: the code takes ${read.range}, and its row does not say so`)
    }
  }
  for (const name of listed.keys()) if (!reads.has(name)) problems.push(`${name} is listed but nobody in src/config/ reads it`)
  return problems
}

const page = (locale: string): string => readFileSync(path.join(root, 'docs', locale, 'configuration.md'), 'utf8')

describe('the configuration reference', () => {
  const { reads, unclear } = environmentReads(configSources())

  it('finds every variable src/config/ reads, and can tell each name', () => {
    assert.deepEqual(unclear, [])
    // Far more than nothing: the extraction cannot pass by finding no reads at all.
    assert.ok(reads.size >= 40, `${reads.size} variables found`)
    for (const [name, file] of [['PORT', 'server'], ['DATABASE_POOL_SIZE', 'stores'], ['STATUS_FILE', 'status-file'], ['EDGE_TAGS', 'edge'],
      ['DISCORD_APPLICATION_ID', 'discord'], ['OPERATOR_TOKENS', 'operator'], ['NOTIFY_DISCORD_CROSSPOST', 'notify'], ['BOT_STATUS_URL', 'monitor']]) {
      assert.ok(reads.get(name!)?.files.has(file!), `${name} is read by ${file}.ts`)
    }
    assert.equal(reads.get('DATABASE_POOL_SIZE')?.range, '1–100')
    assert.equal(new Set([...reads.values()].flatMap((read) => [...read.files])).size, 8, 'eight files of src/config/ read variables')
  })

  for (const locale of ['en', 'de']) {
    it(`docs/${locale}/configuration.md lists each of them once, under its file's section, and no other`, () => {
      assert.deepEqual(disagreements(reads, listedVariables(page(locale))), [])
    })
  }

  it('lists the same variables under the same sections in both languages', () => {
    const where = (locale: string) => [...listedVariables(page(locale))].map(([name, { sections }]) => `${sections.join()} ${name}`).sort()
    assert.deepEqual(where('de'), where('en'))
  })

  it('fails on a made-up pair: a variable read but not listed, one listed but not read, one misplaced, one without its range, one it cannot name', () => {
    const values = configSources().filter((source) => source.file.endsWith('/values.ts'))
    const made = [...values, {
      file: 'src/config/made.ts',
      text: [
        "import { integer, switchedOn, type Reader } from './values.ts'",
        'export function madeConfig (read: Reader, env: Record<string, string | undefined>) {',
        "  const wrapped = (name: string) => read(name)?.toUpperCase()",
        "  return [integer(read, 'MADE_COUNT', 3, 1, 9), switchedOn(read, 'MADE_SWITCH'), wrapped('MADE_WRAPPED'), env.MADE_DIRECT, read(`MADE_${'X'}`)]",
        '}'
      ].join('\n')
    }, { file: 'src/config/other.ts', text: "import type { Reader } from './values.ts'\nexport const other = (read: Reader) => read('OTHER_ONE')\n" }]
    const { reads: madeReads, unclear: madeUnclear } = environmentReads(made)
    assert.deepEqual([...madeReads.keys()].sort(), ['MADE_COUNT', 'MADE_DIRECT', 'MADE_SWITCH', 'MADE_WRAPPED', 'OTHER_ONE'])
    assert.equal(madeUnclear.length, 1)
    assert.match(madeUnclear[0]!, /^src\/config\/made\.ts:4: cannot tell which variable/)
    const doc = [
      '## Made {#made}', '', '| Variable | Default | Values | Meaning |', '|---|---|---|---|',
      '| `MADE_COUNT` | `3` | 1–90 | a count |', '| `MADE_SWITCH` | off | a switch | a switch |', '| `MADE_DIRECT` | unset | text | read directly |',
      '| `MADE_NOBODY` | unset | text | read by nobody |', '| `OTHER_ONE` | unset | text | in the wrong section |',
      '', '```text', '| `MADE_WRAPPED` | in a code block, so not listed |', '```'
    ].join('\n')
    assert.deepEqual(disagreements(madeReads, listedVariables(doc)), [
      'MADE_COUNT: the code takes 1–9, and its row does not say so',
      'MADE_WRAPPED is read by made but not listed',
      'OTHER_ONE is listed under {#made}, but read by other: list it under one of those files\' sections',
      'MADE_NOBODY is listed but nobody in src/config/ reads it'
    ])
    assert.deepEqual(disagreements(madeReads, listedVariables(`${doc}\n\n## Other {#other}\n\n| \`OTHER_ONE\` | again |`)).filter((line) => line.startsWith('OTHER_ONE')),
      ['OTHER_ONE is listed 2 times (made, other): list it once', 'OTHER_ONE is listed under {#made}, {#other}, but read by other: list it under one of those files\' sections'])
  })
})
