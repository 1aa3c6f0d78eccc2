// Imports point one way (docs/en/architecture.md#layout): the graph of src/'s folders has no cycle, no two files import each other in a
// loop, and each folder imports only its own floor and those below, as docs/en/architecture.md's table of floors says.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const src = path.join(root, 'src')

/** Every source file under src/, relative to the project (`src/monitor/monitor.ts`), with the types of a JavaScript file. */
function sourceFiles (dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|js)$/.test(entry.name) ? [path.relative(root, full)] : []
  })
}

/** A `.d.ts` beside a JavaScript module stands for that module: its imports are the module's. */
const moduleOf = (file: string): string => file.replace(/\.d\.ts$/, '.js')

/** The files of src/ each file imports: static, dynamic and type-only imports, and re-exports. */
function importGraph (): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true)
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.relative(root, path.resolve(path.dirname(path.join(root, file)), name)))
      .map(moduleOf)
      .filter((target) => target.startsWith('src/'))
    graph.set(moduleOf(file), [...new Set([...graph.get(moduleOf(file)) ?? [], ...targets])])
  }
  return graph
}

/** The folder (or the file) directly under src/ that holds `file`: `src/monitor/probes/probe.ts` → `src/monitor/`. */
function topOf (file: string): string {
  const parts = file.split('/')
  return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : file
}

/** One cycle of the graph, as the path that closes it, or undefined when there is none. */
function findCycle (edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>()
  const trail: string[] = []
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open')
    trail.push(node)
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next]
      if (state.get(next) === undefined) {
        const found = visit(next)
        if (found !== undefined) return found
      }
    }
    trail.pop()
    state.set(node, 'done')
    return undefined
  }
  for (const node of [...edges.keys()].sort()) {
    if (state.get(node) !== undefined) continue
    const found = visit(node)
    if (found !== undefined) return found
  }
  return undefined
}

/** Who ties `from` to `to`: the first file import behind a folder arrow, for the failure message. */
function witness (graph: Map<string, string[]>, from: string, to: string): string {
  for (const [file, targets] of graph) {
    const target = targets.find((candidate) => topOf(candidate) === to)
    if (topOf(file) === from && target !== undefined) return `${file} -> ${target}`
  }
  return `${from} -> ${to}`
}

/** The floors of docs/en/architecture.md, from the top down: each a list of `src/…` entries. */
function documentedFloors (): string[][] {
  const doc = readFileSync(path.join(root, 'docs/en/architecture.md'), 'utf8')
  const table = doc.slice(doc.indexOf('## The floors'), doc.indexOf('\n## ', doc.indexOf('## The floors') + 1))
  return table.split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| floor'))
    .map((line) => [...line.split('|')[2]!.matchAll(/`([^`]+)`/g)].map((match) => `src/${match[1]!}`))
}

describe('the import graph of src/', () => {
  const graph = importGraph()

  it('reads the imports it checks', () => {
    assert.ok(graph.size > 250, `found ${graph.size} files`)
    assert.ok(graph.get('src/app.ts')?.includes('src/http/routes/health.ts'))
    assert.ok(graph.get('src/status/service.ts')?.includes('src/status/model.ts'), 'type-only imports count')
  })

  it('has no cycle between the folders and files directly under src/', () => {
    const folders = new Map<string, Set<string>>()
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (topOf(file) === topOf(target)) continue
        if (!folders.has(topOf(file))) folders.set(topOf(file), new Set())
        folders.get(topOf(file))!.add(topOf(target))
      }
    }
    const cycle = findCycle(folders)
    const ties = cycle?.slice(1).map((to, index) => witness(graph, cycle[index]!, to))
    assert.equal(cycle, undefined, `folders import each other: ${cycle?.join(' -> ')}\n  ${ties?.join('\n  ')}`)
  })

  it('has no files that import each other in a loop, inside a folder or across', () => {
    const files = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]))
    const cycle = findCycle(files)
    assert.equal(cycle, undefined, `files import each other: ${cycle?.join(' -> ')}`)
  })

  it('runs down the floors of docs/en/architecture.md, which name every entry of src/ once', () => {
    const floors = documentedFloors()
    assert.ok(floors.length >= 5, `read ${floors.length} floors`)
    const floorOf = new Map(floors.flatMap((entries, index) => entries.map((entry) => [entry, floors.length - index] as const)))
    const entries = readdirSync(src, { withFileTypes: true }).map((entry) => `src/${entry.name}${entry.isDirectory() ? '/' : ''}`)
    assert.deepEqual(entries.filter((entry) => !floorOf.has(entry)), [], 'every entry of src/ is on a floor')
    assert.equal(floorOf.size, floors.flat().length, 'no entry is on two floors')
    const upward: string[] = []
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (floorOf.get(topOf(target))! > floorOf.get(topOf(file))!) upward.push(`${file} -> ${target}`)
      }
    }
    assert.deepEqual(upward, [], 'an import runs up a floor')
  })

  it('finds a cycle when there is one (the check itself can fail)', () => {
    assert.deepEqual(findCycle(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]])), ['a', 'b', 'c', 'a'])
    assert.equal(findCycle(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['a2', new Set(['c'])]])), undefined)
  })
})
