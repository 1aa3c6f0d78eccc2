// Every command, subcommand, option and choice Discord registers carries its name and description in every shipped
// language Discord has, within Discord's rules: names lowercase, 1–32 characters of its name pattern, unique on their level;
// descriptions and choice names 1–100 characters.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { COMMANDS, DISCORD_LOCALES, type OptionDefinition } from '../../src/discord-commands/commands.ts'

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u
const LOCALES = Object.keys(DISCORD_LOCALES) as Array<keyof typeof DISCORD_LOCALES>

type Item = Pick<OptionDefinition, 'name' | 'name_localizations' | 'description' | 'description_localizations' | 'choices'> & { options?: Item[] }

function problems (items: Item[], at: string): string[] {
  const found: string[] = []
  for (const locale of [undefined, ...LOCALES]) {
    const names = items.map((item) => locale === undefined ? item.name : item.name_localizations[locale])
    if (new Set(names).size !== names.length) found.push(`${at}: ${locale ?? 'en'} names twice on one level: ${names.join(', ')}`)
  }
  for (const item of items) {
    const path = `${at}/${item.name}`
    for (const locale of [undefined, ...LOCALES]) {
      const name = locale === undefined ? item.name : item.name_localizations[locale]
      const description = locale === undefined ? item.description : item.description_localizations[locale]
      const tag = locale ?? 'en'
      if (name === undefined || !NAME.test(name) || name !== name.toLowerCase()) found.push(`${path}: ${tag} name ${JSON.stringify(name)}`)
      if (description === undefined || description.length < 1 || description.length > 100) found.push(`${path}: ${tag} description ${JSON.stringify(description)}`)
    }
    for (const choice of item.choices ?? []) {
      for (const name of [choice.name, ...LOCALES.map((locale) => choice.name_localizations?.[locale] ?? choice.name)]) {
        if (name.length < 1 || name.length > 100) found.push(`${path}: choice ${choice.value} named ${JSON.stringify(name)}`)
      }
    }
    found.push(...problems(item.options ?? [], path))
  }
  return found
}

describe('command localizations', () => {
  it('names and describes everything in de, fr, es-ES and pt-BR within Discord\'s limits', () => {
    assert.deepEqual(LOCALES, ['de', 'fr', 'es-ES', 'pt-BR'])
    assert.deepEqual(problems(COMMANDS, ''), [])
    // The check bites: a capital, a space, a long description, a name given twice on one level.
    const bad = { ...COMMANDS[0]!, name_localizations: { ...COMMANDS[0]!.name_localizations, fr: 'Mettre à jour' }, description_localizations: { ...COMMANDS[0]!.description_localizations, 'pt-BR': 'x'.repeat(101) } }
    assert.deepEqual(problems([bad, { ...COMMANDS[1]!, name_localizations: { ...COMMANDS[1]!.name_localizations, de: 'vorfall' } }], ''), [
      ': de names twice on one level: vorfall, vorfall',
      '/incident: fr name "Mettre à jour"',
      '/incident: pt-BR description "' + 'x'.repeat(101) + '"'
    ])
  })

  it('takes the words from the language files: French names, a Spanish description, Portuguese choices', () => {
    const incident = COMMANDS.find((command) => command.name === 'incident')!
    assert.equal(incident.name_localizations.fr, 'incident')
    const open = incident.options!.find((option) => option.name === 'open')!
    assert.equal(open.name_localizations['es-ES'], 'abrir')
    assert.match(open.description_localizations['es-ES']!, /incidencia/)
    const impact = open.options!.find((option) => option.name === 'impact')!
    assert.deepEqual(impact.choices!.map((choice) => choice.name_localizations?.['pt-BR']), ['nenhum', 'leve', 'grave', 'crítico'])
    const follow = COMMANDS.find((command) => command.name === 'follow')!
    const language = follow.options!.find((option) => option.name === 'language')!
    assert.deepEqual(language.choices!.map((choice) => choice.value), ['en', 'de', 'fr', 'es', 'pt-BR'])
    assert.equal(language.required, undefined)
  })
})
