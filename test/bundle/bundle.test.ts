// The bundle in dist/: when the bin may run it (built from the sources as they are), that it does, and that it loads at
// start only what the sources load (the lazily loaded parts stay out until used).
import assert from 'node:assert/strict'
import { loadDocs } from '../../src/docs/load.ts'
import { PRERENDERED_FILE, readPrerenderedDocs } from '../../src/docs/prerendered.ts'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { before, describe, it } from 'node:test'
import { build as buildBundle } from '../../src/cli/build.ts'
import { BUNDLE_DIR, BUNDLE_ENTRY, MANIFEST_FILE, bundleIsCurrent, inputState, type BundleManifest } from '../../src/bundle/manifest.ts'
import { NODE_FLAGS, serverEnvironment } from '../../src/node-flags.ts'
import { tempDir } from '../helper.ts'
import { freePort } from '../services/ports.ts'

const root = path.resolve(import.meta.dirname, '..', '..')

describe('bundleIsCurrent', () => {
  /** A project with one source and a bundle built from it; returns its root and that source. */
  function project (dir: string): { root: string, source: string } {
    mkdirSync(path.join(dir, 'src'))
    mkdirSync(path.join(dir, BUNDLE_DIR))
    const source = path.join(dir, 'src', 'a.ts')
    writeFileSync(source, 'export const a = 1\n')
    writeFileSync(path.join(dir, BUNDLE_DIR, BUNDLE_ENTRY), 'export {}\n')
    const manifest: BundleManifest = { inputs: { 'src/a.ts': inputState(source)! } }
    writeFileSync(path.join(dir, BUNDLE_DIR, MANIFEST_FILE), JSON.stringify(manifest))
    return { root: dir, source }
  }

  it('is current while every input is as it was', (t) => {
    assert.equal(bundleIsCurrent(project(tempDir(t)).root), true)
  })

  it('is stale once an input changes, by content or only by time, or goes', (t) => {
    const edited = project(tempDir(t))
    writeFileSync(edited.source, 'export const a = 22\n')
    assert.equal(bundleIsCurrent(edited.root), false, 'size')
    const touched = project(tempDir(t))
    utimesSync(touched.source, new Date(), new Date(Date.now() + 5000))
    assert.equal(bundleIsCurrent(touched.root), false, 'mtime')
    const removed = project(tempDir(t))
    rmSync(removed.source)
    assert.equal(bundleIsCurrent(removed.root), false, 'gone')
  })

  it('is not current without a manifest, without an entry, or with a manifest that lists nothing', (t) => {
    const noManifest = project(tempDir(t))
    rmSync(path.join(noManifest.root, BUNDLE_DIR, MANIFEST_FILE))
    assert.equal(bundleIsCurrent(noManifest.root), false)
    const noEntry = project(tempDir(t))
    rmSync(path.join(noEntry.root, BUNDLE_DIR, BUNDLE_ENTRY))
    assert.equal(bundleIsCurrent(noEntry.root), false)
    const empty = project(tempDir(t))
    writeFileSync(path.join(empty.root, BUNDLE_DIR, MANIFEST_FILE), '{"inputs":{}}')
    assert.equal(bundleIsCurrent(empty.root), false)
    const garbage = project(tempDir(t))
    writeFileSync(path.join(garbage.root, BUNDLE_DIR, MANIFEST_FILE), 'not json')
    assert.equal(bundleIsCurrent(garbage.root), false)
  })
})

describe('the bundle', () => {
  // `npm test` builds it first; run alone after an edit, the test brings it up to date itself.
  before(async () => {
    const docsCurrent = readPrerenderedDocs(path.join(root, BUNDLE_DIR, PRERENDERED_FILE), path.join(root, 'docs'), { roots: { en: '/docs', de: '/de/docs' } }) !== undefined
    if (!bundleIsCurrent(root) || !docsCurrent) await buildBundle(root)
  })

  it('was built from our sources and the lockfiles', () => {
    const { inputs } = JSON.parse(readFileSync(path.join(root, BUNDLE_DIR, MANIFEST_FILE), 'utf8')) as BundleManifest
    for (const file of ['src/main.ts', 'src/app.ts', 'src/cli/serve.ts', 'src/store/cache/redis-cache.ts', 'package-lock.json']) {
      assert.ok(inputs[file] !== undefined, file)
    }
    assert.deepEqual(Object.keys(inputs).filter((file) => file.startsWith('node_modules/') && !file.endsWith('.package-lock.json')), [])
  })

  it('holds the docs rendered as the server would render them at start, for the docs as they are', () => {
    const docsDir = path.join(root, 'docs')
    const options = { roots: { en: '/docs', de: '/de/docs' } }
    const prerendered = readPrerenderedDocs(path.join(root, BUNDLE_DIR, PRERENDERED_FILE), docsDir, options)
    assert.ok(prerendered !== undefined, 'dist/docs.json is current')
    assert.deepEqual(prerendered, loadDocs(docsDir, options))
  })

  it('is what the bin runs, and it loads at readiness neither the scaled shape, the TypeBox compiler nor the metrics', async (t) => {
    const dataDir = tempDir(t)
    const loadedFile = path.join(dataDir, 'loaded.json')
    // Every module Node loads, written when the process exits.
    const hook = `import module from 'node:module'; import { writeFileSync } from 'node:fs'; const urls = [];
      module.registerHooks({ load (url, context, next) { urls.push(url); return next(url, context) } });
      process.on('exit', () => writeFileSync(${JSON.stringify(loadedFile)}, JSON.stringify(urls)))`
    const port = await freePort()
    const child = spawn(process.execPath, [...NODE_FLAGS, '--import', `data:text/javascript,${encodeURIComponent(hook)}`, path.join(root, 'bin', 'status-api.js'), 'serve'], {
      env: serverEnvironment({ PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DISCORD_STATUS_URL: 'http://127.0.0.1:9/none' }),
      stdio: ['ignore', 'pipe', 'inherit']
    })
    t.after(() => child.kill('SIGKILL'))
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
    let ready = false
    for (let attempt = 0; attempt < 200 && !ready; attempt++) {
      ready = await fetch(`http://127.0.0.1:${port}/api/v1/readiness`).then((r) => r.status === 200, () => false)
      if (!ready) await sleep(50)
    }
    assert.ok(ready, output)
    child.kill('SIGTERM')
    await once(child, 'exit')

    const serving = output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg: string, code?: string }).find((line) => line.msg === 'serving')
    assert.equal(serving?.code, 'bundle', output)
    const urls = JSON.parse(readFileSync(loadedFile, 'utf8')) as string[]
    const files = urls.filter((url) => url.startsWith('file:')).map((url) => path.relative(root, new URL(url).pathname))
    const chunks = files.filter((file) => file.startsWith(`${BUNDLE_DIR}/`)).map((file) => path.basename(file))
    assert.ok(chunks.includes(BUNDLE_ENTRY), files.join('\n'))
    assert.deepEqual(files.filter((file) => file.startsWith('src/')), ['src/node-flags.ts', 'src/bundle/manifest.ts'], 'only the bin\'s own two modules come from the sources')
    assert.deepEqual(files.filter((file) => file.startsWith('node_modules/') && !/^node_modules\/(better-sqlite3|bindings|file-uri-to-path)\//.test(file)), [],
      'everything but the native SQLite binding comes from the bundle')
    assert.deepEqual(chunks.filter((chunk) => /^(redis-cache|compile|metrics|metrics-server|mcp|seed|demo)-/.test(chunk)), [], 'lazily loaded parts stay out until used')
  })
})
