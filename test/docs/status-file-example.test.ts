// The status file docs' complete example, taken from the Markdown as printed (English and German): saved as
// status.yaml in the project folder it passes `config check` with the very line the page prints, and every component
// shows a name, not its id (issue 53). The shipped example (examples/status.yaml) too.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { EXAMPLE_STATUS_FILE } from '../../src/cli/demo.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { BIN } from '../cli/run-bin.ts'
import { tempDir } from '../helper.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The example section of a status-file page: its YAML block, the command it prints and the line it says comes back. */
function example (lang: 'en' | 'de') {
  const page = readFileSync(path.join(ROOT, 'docs', lang, 'status-file.md'), 'utf8')
  const section = page.slice(page.indexOf('{#example}'), page.indexOf('{#check}'))
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  const command = /```sh\n([^\n]*)\n```/.exec(section)?.[1]
  const said = /`(status\.yaml: valid, [^`]*)`/.exec(section)?.[1]
  assert.ok(yaml !== undefined && command !== undefined && said !== undefined, `docs/${lang}/status-file.md: the example, its command and its line`)
  return { yaml, command, said }
}

/** A folder standing for the project folder: the example's images where the project has them. */
function projectFolder (t: Parameters<typeof tempDir>[0], yaml: string): string {
  const folder = tempDir(t)
  symlinkSync(path.join(ROOT, 'examples'), path.join(folder, 'examples'))
  writeFileSync(path.join(folder, 'status.yaml'), yaml)
  return folder
}

describe('the status file docs\' complete example', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`passes config check as printed in docs/${lang}/status-file.md, with the line the page says`, (t) => {
      const { yaml, command, said } = example(lang)
      const [assignment, ...args] = command.split(' ')
      assert.match(assignment!, /^DASHBOARD_TOKEN=\S+$/, command)
      assert.deepEqual(args, ['npx', 'status-api', 'config', 'check'], command)
      const folder = projectFolder(t, yaml)
      // The bin, as `npx status-api config check` runs it, in the project folder: ./status.yaml is the file checked.
      const env: NodeJS.ProcessEnv = { ...process.env, DASHBOARD_TOKEN: assignment!.split('=')[1]!, LOG_LEVEL: 'silent' }
      delete env.STATUS_FILE
      const result = spawnSync(process.execPath, [BIN, ...args.slice(2)], { cwd: folder, env, encoding: 'utf8' })
      assert.equal(result.status, 0, result.stderr)
      assert.equal(result.stdout, `${said}\n`)
    })

    it(`gives every component of docs/${lang}/status-file.md a name of its own`, (t) => {
      const declaration = loadStatusFile(path.join(projectFolder(t, example(lang).yaml), 'status.yaml'), { DASHBOARD_TOKEN: 'secret' })
      const unnamed = declaration.components.filter((component) => component.name.en === component.id || component.name.de === component.id)
      assert.deepEqual(unnamed.map((component) => component.id), [], 'components that would show their id')
      assert.equal(declaration.product.favicon?.type, 'image/png', 'the favicon read')
    })
  }

  it('the shipped example (examples/status.yaml) names every component too', () => {
    const declaration = loadStatusFile(EXAMPLE_STATUS_FILE, {})
    assert.deepEqual(declaration.components.filter((component) => component.name.en === component.id).map((component) => component.id), [])
  })
})
