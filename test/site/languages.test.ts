// The page languages: every shipped one under its prefix with its own words and Intl's formats, LANGUAGES choosing the
// served ones (English always, the docs English and German whatever it says), and the 404 page for any other prefix.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildSiteApp } from './site-app.ts'
import { buildTestApp, testConfig } from '../helper.ts'
import { PAGE_LANGUAGES } from '../../src/lib/locale.ts'
import { SHIPPED } from '../../src/view/locale-words.js'
import { BODY_LANGUAGES, Localized } from '../../src/api/components.ts'

const HTML = { accept: 'text/html' }

describe('page languages', () => {
  it('ships the languages the type names, each a file', () => {
    assert.deepEqual([...SHIPPED], [...PAGE_LANGUAGES])
    assert.deepEqual([...BODY_LANGUAGES], [...PAGE_LANGUAGES], 'the bodies\' localised text names the same languages')
    assert.deepEqual(Object.keys(Localized.properties), [...PAGE_LANGUAGES])
  })

  for (const [prefix, lang, locale, headline, uptime] of [
    ['/fr', 'fr', 'fr-FR', 'Perturbation mineure du service', 'de disponibilité'],
    ['/es', 'es', 'es-ES', 'Interrupción menor del servicio', 'de disponibilidad'],
    ['/pt-br', 'pt-BR', 'pt-BR', 'Instabilidade leve no serviço', 'de disponibilidade']
  ] as const) {
    // 99,98 % (fr, es, with the no-break space Intl writes) or 99,98% (pt-BR): Intl's, in the page's locale.
    const percent = `${new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(0.9998)} ${uptime}`
    it(`serves ${prefix}/status in ${lang}, with its words, its number format and every alternate`, async (t) => {
      const { app } = await buildSiteApp(t)
      const response = await app.inject(`${prefix}/status`)
      assert.equal(response.statusCode, 200)
      const html = response.body
      assert.match(html, new RegExp(`<html lang="${lang}">`))
      assert.ok(html.includes(headline), 'the headline in the language')
      assert.ok(html.includes(percent), `the locale's percentage (${JSON.stringify(percent)})`)
      assert.match(html, new RegExp(`data-locale="${lang}"`))
      for (const tag of PAGE_LANGUAGES) assert.match(html, new RegExp(`<link rel="alternate" hreflang="${tag}" href="http://localhost[^"]*/status">`))
      assert.match(html, /<link rel="alternate" hreflang="x-default" href="http:\/\/localhost\/status">/)
      assert.match(html, /<a href="\/docs\/api" hreflang="en">/, 'the English docs')
      assert.equal((await app.inject(prefix)).statusCode, 200, "and its home page")
    })
  }

  it('serves only LANGUAGES (and English); another prefix is the 404 page, not a guess', async (t) => {
    const { app } = await buildSiteApp(t, { env: { LANGUAGES: 'en,FR' } })
    assert.equal((await app.inject('/fr/status')).statusCode, 200)
    assert.equal((await app.inject('/status')).statusCode, 200)
    const german = await app.inject({ url: '/de/status', headers: HTML })
    assert.equal(german.statusCode, 404)
    assert.match(german.body, /<html lang="en">/)
    const page = (await app.inject('/fr/status')).body
    assert.doesNotMatch(page, /hreflang="de"/, 'no alternate for a language not served')
    assert.match(page, /<nav class="lang-menu" aria-label="Langues"><ul><li><a href="\/status" hreflang="en" lang="en">English<\/a><\/li><li><a href="\/fr\/status" aria-current="true" lang="fr">Français<\/a><\/li><\/ul><\/nav>/)
    const unknown = await app.inject({ url: '/xx/status', headers: HTML })
    assert.equal(unknown.statusCode, 404)
    assert.match(unknown.body, /Page not found/)
    const french = await app.inject({ url: '/fr/nothing', headers: HTML })
    assert.equal(french.statusCode, 404)
    assert.match(french.body, /<html lang="fr">/)
    assert.match(french.body, /Page introuvable/)
  })

  it('keeps the German docs and their search whatever LANGUAGES says', async (t) => {
    const { app } = await buildTestApp(t, { LANGUAGES: 'en,fr' })
    assert.equal((await app.inject('/de/status')).statusCode, 404)
    assert.equal((await app.inject('/de/docs')).statusCode, 200)
    assert.equal((await app.inject('/de/docs/api/search?q=status')).statusCode, 200)
  })

  it('refuses a LANGUAGES entry it does not ship, naming it', (t) => {
    assert.throws(() => testConfig(t, { LANGUAGES: 'en,xx' }), /LANGUAGES names "xx", which is not a shipped language/)
  })
})
