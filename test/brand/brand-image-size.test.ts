// A brand image's intrinsic size, read with the image: png (IHDR), webp (VP8, VP8L, VP8X) and svg (width and height,
// else the viewBox); the header's logo <img> carries a width in its proportions at 32 px high.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { readBrandImage } from '../../src/brand/image.ts'
import { tempDir } from '../helper.ts'
import { brandedSite, BRANDED_YAML } from './brand-site.ts'
import { png, webp } from './images.ts'

describe('brand image sizes', () => {
  it('are read from png, webp and svg files', (t) => {
    const folder = tempDir(t)
    const cases: Array<[string, Buffer | string, { width: number, height: number } | undefined]> = [
      ['logo.png', png(240, 80), { width: 240, height: 80 }],
      ['lossy.webp', webp('VP8 ', 300, 100), { width: 300, height: 100 }],
      ['lossless.webp', webp('VP8L', 512, 128), { width: 512, height: 128 }],
      ['extended.webp', webp('VP8X', 1000, 250), { width: 1000, height: 250 }],
      ['sized.svg', '<svg xmlns="http://www.w3.org/2000/svg" stroke-width="3" width="120px" height="40"></svg>', { width: 120, height: 40 }],
      ['boxed.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 32"></svg>', { width: 96, height: 32 }],
      ['relative.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"></svg>', undefined]
    ]
    for (const [name, content, size] of cases) {
      writeFileSync(path.join(folder, name), content)
      assert.deepEqual(readBrandImage(path.join(folder, name), name).size, size, name)
    }
  })

  it('give the header logo a width in its proportions at 32 px high', async (t) => {
    const wide = path.join(tempDir(t), 'wide.svg')
    writeFileSync(wide, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80"><rect width="240" height="80"/></svg>')
    const { app } = await brandedSite(t, {}, BRANDED_YAML.replace('logo: ./brand/logo.svg', `logo: ${wide}`))
    const page = (await app.inject('/status')).body
    assert.match(page, /<img class="brand-logo" src="\/assets\/brand\/[0-9a-f]{16}\.svg" alt="" width="96" height="32">/)
  })
})
