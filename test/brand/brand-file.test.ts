// The status file's branding (issue 30): logos and favicon read and checked at start (svg, png or webp, at most
// 256 KiB, content as the extension says), the accents' contrast with the measured ratios in the refusal, the dark
// accent derived, the footer's links; and a bad logo or accent stops `serve` with one line and exit 1.
import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { stringify } from 'yaml'
import { MIN_CONTRAST, contrastRatio, lightenForDark, themeContrast } from '../../src/brand/colour.ts'
import { footerParts } from '../../src/brand/footer.ts'
import { EXAMPLE_STATUS_FILE } from '../../src/cli/demo.ts'
import { localizedText, type StatusDeclaration } from '../../src/declaration/declaration.ts'
import { StatusFileError } from '../../src/declaration/file-error.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { tempDir } from '../helper.ts'
import { changed, type Json } from '../status/cases.ts'
import { PNG_SIGNATURE, png, webp } from './images.ts'

const BRAND = path.join(import.meta.dirname, '../fixtures/status/brand')

/** A folder with the fixture's brand files, plus whatever `files` adds; returns the status file's path in it. */
function folderWith (t: TestContext, file: Json, files: Record<string, Buffer | string> = {}): string {
  const folder = tempDir(t)
  mkdirSync(path.join(folder, 'brand'))
  for (const name of ['logo.svg', 'logo-dark.svg', 'favicon.png']) copyFileSync(path.join(BRAND, name), path.join(folder, 'brand', name))
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content)
  writeFileSync(path.join(folder, 'status.yaml'), stringify(file))
  return path.join(folder, 'status.yaml')
}

function load (t: TestContext, product: Json, files?: Record<string, Buffer | string>): StatusDeclaration {
  return loadStatusFile(folderWith(t, changed((file) => { Object.assign(file.product, product) }), files), {})
}

function refusal (t: TestContext, product: Json, files?: Record<string, Buffer | string>): string {
  try {
    load(t, product, files)
  } catch (error) {
    assert.ok(error instanceof StatusFileError, String(error))
    assert.doesNotMatch(error.message, /\n/)
    return error.message
  }
  assert.fail('the file was accepted')
}

/** 7 MiB that begin like a PNG. */
const hugePng = () => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(7 * 1024 * 1024)])
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')

describe('the brand in the status file', () => {
  it('reads the logos and the favicon once, typed and under names made of their content', (t) => {
    const declaration = load(t, { logo: './brand/logo.svg', logoDark: 'brand/logo-dark.svg', favicon: './brand/favicon.png' })
    const { logo, logoDark, favicon } = declaration.product
    assert.equal(logo?.type, 'image/svg+xml')
    assert.equal(favicon?.type, 'image/png')
    assert.match(logo!.path, /^\/assets\/brand\/[0-9a-f]{16}\.svg$/)
    assert.match(favicon!.path, /^\/assets\/brand\/[0-9a-f]{16}\.png$/)
    assert.notEqual(logo!.path, logoDark!.path, 'different content, different name')
    assert.ok(logo!.bytes.subarray(0, 4).toString() === '<svg')
  })

  it('refuses a logo that is missing, too big, a .gif, or not what its extension says, in one line each', (t) => {
    assert.equal(refusal(t, { logo: './brand/none.svg' }), 'product.logo: cannot read "./brand/none.svg": no such file')
    assert.equal(refusal(t, { logo: './huge.png' }, { 'huge.png': hugePng() }), 'product.logo: "./huge.png" is 7.0 MiB; at most 256 KiB')
    assert.equal(refusal(t, { favicon: './icon.gif' }, { 'icon.gif': GIF }), 'product.favicon: must be an svg, png or webp file ("./icon.gif" is .gif)')
    assert.equal(refusal(t, { logoDark: './renamed.png' }, { 'renamed.png': GIF }), 'product.logoDark: "./renamed.png" is not a png image (its content is of another type, or incomplete)')
    assert.equal(refusal(t, { logo: './page.svg' }, { 'page.svg': '<html><script>alert(1)</script></html>' }), 'product.logo: "./page.svg" is not an svg image (its content is of another type, or incomplete)')
    assert.equal(refusal(t, { logo: './brand' }), 'product.logo: must be an svg, png or webp file ("./brand" is without an extension)')
    assert.equal(refusal(t, { logo: './folder.svg' }, {}), 'product.logo: cannot read "./folder.svg": no such file')
    // 256 KiB exactly is allowed.
    assert.equal(load(t, { logo: './edge.webp' }, { 'edge.webp': webp('VP8L', 64, 64, 256 * 1024) }).product.logo?.type, 'image/webp')
  })

  it('refuses files that only begin like an image (a browser shows nothing for them), naming the key', (t) => {
    const fakes: Array<[string, string, Buffer | string]> = [
      ['favicon', 'fake.png', PNG_SIGNATURE], // the 8 bytes of a PNG's signature, nothing after
      ['logo', 'no-end.png', png(16, 16).subarray(0, -12)], // cut before its IEND
      ['logoDark', 'bad-crc.png', Buffer.concat([png(16, 16).subarray(0, 29), Buffer.from([0, 0, 0, 0]), png(16, 16).subarray(33)])],
      ['favicon', 'zero.png', png(0, 16)],
      ['logo', 'header.webp', Buffer.from('RIFF\x00\x00\x00\x00WEBP', 'latin1')],
      ['logo', 'wrong-size.webp', Buffer.concat([webp('VP8 ', 32, 32), Buffer.alloc(64)])],
      ['favicon', 'not-vp8.webp', Buffer.concat([Buffer.from('RIFF\x0c\x00\x00\x00WEBPJUNK\x00\x00\x00\x00', 'latin1')])],
      ['logo', 'open.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/>']
    ]
    for (const [key, name, content] of fakes) {
      assert.equal(refusal(t, { [key]: `./${name}` }, { [name]: content }),
        `product.${key}: "./${name}" is not a${name.endsWith('.svg') ? 'n' : ''} ${path.extname(name).slice(1)} image (its content is of another type, or incomplete)`, name)
    }
    // Whole images of each kind pass, a self-closing SVG root included.
    assert.equal(load(t, { favicon: './icon.png' }, { 'icon.png': png(32, 32) }).product.favicon?.size?.width, 32)
    assert.equal(load(t, { logo: './empty.svg' }, { 'empty.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>\n' }).product.logo?.type, 'image/svg+xml')
  })

  it('refuses a fake image in `config check` too: one line naming the key, exit 1', async (t) => {
    const file = folderWith(t, changed((file) => { file.product.favicon = './fake.png' }), { 'fake.png': PNG_SIGNATURE })
    const result = await runBinWith({}, ['config', 'check', file])
    assert.equal(result.code, 1, result.stdout + result.stderr)
    assert.equal(result.stderr, `${file}: product.favicon: "./fake.png" is not a png image (its content is of another type, or incomplete)\n`)
  })

  it('never prints a path that came from the environment', (t) => {
    const file = folderWith(t, changed((file) => { file.product.logo = '${LOGO}' }))
    assert.throws(() => loadStatusFile(file, { LOGO: './secret-place/logo.svg' }), (error: Error) => {
      assert.equal(error.message, 'product.logo: cannot read the file: no such file')
      return true
    })
  })

  it('refuses an accent below 4.5:1, naming both measured ratios, and a dark accent below it on the dark theme', (t) => {
    // #767676 passes with white text (4.54:1) but not on the page's light grey (4.23:1).
    assert.equal(refusal(t, { accent: '#767676' }),
      'product.accent: #767676 reaches 4.23:1 against the light background and 4.54:1 with white text on it; both must reach 4.5:1 (choose a darker colour)')
    assert.equal(refusal(t, { accent: '#8C9BFF' }),
      'product.accent: #8c9bff reaches 2.37:1 against the light background and 2.54:1 with white text on it; both must reach 4.5:1 (choose a darker colour)')
    assert.equal(refusal(t, { accent: '#3B4BD8', accentDark: '#3B4BD8' }),
      'product.accentDark: #3b4bd8 reaches 2.62:1 against the dark background; it must reach 4.5:1 (choose a lighter colour, or leave accentDark out to derive it from accent)')
  })

  it('derives the dark accent from the accent: the least lightening that reaches 4.5:1 on both dark backgrounds', (t) => {
    const declaration = load(t, { accent: '#3B4BD8' })
    assert.equal(declaration.product.accent, '#3b4bd8')
    const dark = declaration.product.accentDark!
    assert.equal(dark, lightenForDark('#3b4bd8'))
    assert.ok(themeContrast(dark, 'dark') >= MIN_CONTRAST, `${dark} on the dark theme`)
    assert.ok(contrastRatio(dark, '#161b22') >= MIN_CONTRAST && contrastRatio(dark, '#0d1117') >= MIN_CONTRAST)
    // The accent itself does not do on the dark theme, so it was lightened (towards white: every channel up).
    assert.ok(themeContrast('#3b4bd8', 'dark') < MIN_CONTRAST)
    assert.equal(dark, '#6e7ae2')
    assert.ok([1, 3, 5].every((at) => Number.parseInt(dark.slice(at, at + 2), 16) > Number.parseInt('3b4bd8'.slice(at - 1, at + 1), 16)))
    // A declared dark accent is kept as written.
    assert.equal(load(t, { accent: '#3B4BD8', accentDark: '#8C9BFF' }).product.accentDark, '#8c9bff')
    assert.equal(load(t, {}).product.accentDark, undefined, 'no accent, no dark accent')
  })

  it('reads the footer: plain text whose only markup is [text](https://…)', (t) => {
    const declaration = load(t, { footer: { en: 'Made by Acme. [Privacy](https://acme.example/privacy)', de: 'Von Acme. [Datenschutz](https://acme.example/privacy)' } })
    assert.deepEqual(footerParts(declaration.product.footer!.en), [{ text: 'Made by Acme. ' }, { text: 'Privacy', url: 'https://acme.example/privacy' }])
    assert.deepEqual(load(t, { footer: '<b>bold</b> stays text' }).product.footer, localizedText('<b>bold</b> stays text'))
    assert.equal(refusal(t, { footer: 'See [our site](acme.example)' }), 'product.footer: the link "our site" must lead to an http(s) URL: [text](https://…)')
    assert.equal(refusal(t, { footer: { en: 'ok', de: '[Hier](javascript:void)' } }), 'product.footer.de: the link "Hier" must lead to an http(s) URL: [text](https://…)')
    assert.equal(refusal(t, { footer: { en: 'ok', 'pt-BR': '[Aqui](ftp://acme.example)' } }), 'product.footer.pt-BR: the link "Aqui" must lead to an http(s) URL: [text](https://…)')
    assert.equal(refusal(t, { footer: { en: '[Here](acme.example)', fr: 'ok' } }), 'product.footer.en: the link "Here" must lead to an http(s) URL: [text](https://…)', 'a language left out shows English: the mistake is the en key\'s')
  })
})

describe('the demo\'s example file', () => {
  it('shows a made-up product with a logo for each theme, a favicon, an accent, links and a footer', () => {
    const { product } = loadStatusFile(EXAMPLE_STATUS_FILE, {})
    assert.equal(product.name, 'Acme')
    assert.deepEqual([product.logo?.type, product.logoDark?.type, product.favicon?.type], ['image/svg+xml', 'image/svg+xml', 'image/png'])
    assert.deepEqual([product.accent, product.accentDark], ['#3b4bd8', '#8c9bff'])
    assert.equal(product.links.length, 2)
    assert.match(product.footer!.en, /made-up/)
    assert.match(product.footer!.de, /erfunden/)
  })
})

describe('a bad brand stops the start', () => {
  const cases: Array<[string, Json, Record<string, Buffer | string>, string]> = [
    ['a 7 MiB logo', { logo: './huge.png' }, { 'huge.png': hugePng() }, 'product.logo: "./huge.png" is 7.0 MiB; at most 256 KiB'],
    ['a .gif logo', { logo: './logo.gif' }, { 'logo.gif': GIF }, 'product.logo: must be an svg, png or webp file ("./logo.gif" is .gif)'],
    ['a missing logo', { logo: './brand/missing.svg' }, {}, 'product.logo: cannot read "./brand/missing.svg": no such file'],
    ['a low-contrast accent', { accent: '#8C9BFF' }, {},
      'product.accent: #8c9bff reaches 2.37:1 against the light background and 2.54:1 with white text on it; both must reach 4.5:1 (choose a darker colour)']
  ]
  for (const [what, product, files, line] of cases) {
    it(`${what}: one line on stderr and exit 1`, async (t) => {
      const file = folderWith(t, changed((file) => { Object.assign(file.product, product) }), files)
      const result = await runBinWith({ STATUS_FILE: file, DATA_DIR: tempDir(t), PORT: '0' }, ['serve']) // the real bin, as a start would run it
      assert.equal(result.code, 1, result.stdout + result.stderr)
      assert.equal(result.stderr, `status-api: configuration error: STATUS_FILE ${file}: ${line}\n`)
      assert.equal(result.stdout, '')
    })
  }
})
