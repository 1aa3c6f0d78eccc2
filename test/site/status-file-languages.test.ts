// Status file text in every page language: each page shows the file's text in its own language, English where the
// file gives none; the API body carries every shipped language; builtins' names come from the locale files.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { buildTestApp, tempDir } from '../helper.ts'

const STATUS_YAML = `product:
  name: Acme
  links:
    - { label: { en: Support server, fr: Serveur d'assistance, pt-BR: Servidor de suporte }, url: 'https://discord.gg/acme' }
  footer: { en: Made by Acme., de: Gemacht von Acme., es: Hecho por Acme. }
groups:
  - { id: core, name: { en: Core services, de: Kerndienste, fr: Services essentiels, es: Servicios básicos, pt-BR: Serviços principais } }
components:
  - { id: database, builtin: database, group: core }
  - id: web
    name: { en: Website, fr: Site web, pt-BR: Site }
    description: { en: The public website., pt-BR: O site público. }
    check: { manual: true }
`

async function site (t: TestContext) {
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, STATUS_YAML)
  return (await buildTestApp(t, { STATUS_FILE: file })).app
}

describe('status file text in every page language', () => {
  for (const [prefix, group, database, web, link, footer] of [
    ['', 'Core services', 'Database', 'Website', 'Support server', 'Made by Acme.'],
    ['/de', 'Kerndienste', 'Datenbank', 'Website', 'Support server', 'Gemacht von Acme.'],
    ['/fr', 'Services essentiels', 'Base de données', 'Site web', 'Serveur d&#39;assistance', 'Made by Acme.'],
    ['/es', 'Servicios básicos', 'Base de datos', 'Website', 'Support server', 'Hecho por Acme.'],
    ['/pt-br', 'Serviços principais', 'Banco de dados', 'Site', 'Servidor de suporte', 'Made by Acme.']
  ]) {
    it(`${prefix}/status shows the file's text in its language, English where the file gives none`, async (t) => {
      const app = await site(t)
      const html = (await app.inject(`${prefix}/status`)).body
      for (const text of [group, database, web, link, footer]) assert.ok(html.includes(`>${text}<`), `${prefix}/status shows ${JSON.stringify(text)}`)
    })
  }

  it('the component page in Portuguese shows the Portuguese name and description; in French the English description', async (t) => {
    const app = await site(t)
    const pt = (await app.inject('/pt-br/status/components/web')).body
    assert.match(pt, /<h1 id="component-title" class="component-name">Site<\/h1>/)
    assert.ok(pt.includes('O site público.'))
    const fr = (await app.inject('/fr/status/components/web')).body
    assert.match(fr, /<h1 id="component-title" class="component-name">Site web<\/h1>/)
    assert.ok(fr.includes('The public website.'))
  })

  it('the components body carries every shipped language, the missing ones in English', async (t) => {
    const app = await site(t)
    const body = (await app.inject('/api/v1/health/components')).json() as { components: Array<{ id: string, name: Record<string, string> }> }
    assert.deepEqual(body.components.find((component) => component.id === 'web')!.name, { en: 'Website', de: 'Website', fr: 'Site web', es: 'Website', 'pt-BR': 'Site' })
    assert.deepEqual(body.components.find((component) => component.id === 'database')!.name,
      { en: 'Database', de: 'Datenbank', fr: 'Base de données', es: 'Base de datos', 'pt-BR': 'Banco de dados' })
  })
})
