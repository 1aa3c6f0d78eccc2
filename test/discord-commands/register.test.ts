// `status-api discord register` against the Discord stand-in: one bulk PUT of the commands with the bot token and German
// localisations, what was registered printed, exit 0; Discord's refusal named with exit 1, the token never printed.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { runBinWith } from '../cli/run-bin.ts'
import { APPLICATION_ID, BOT_TOKEN, DiscordStandIn, GUILD_ID } from './discord-stand-in.ts'

describe('status-api discord register', () => {
  it('overwrites the guild\'s commands in bulk, German included, and prints what it registered', async (t) => {
    const standIn = await DiscordStandIn.start()
    t.after(() => standIn.close())
    const env = { DISCORD_APPLICATION_ID: APPLICATION_ID, DISCORD_OPERATOR_GUILD_ID: GUILD_ID, DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_API_BASE: standIn.apiBase }
    const result = await runBinWith(env, ['discord', 'register'])
    assert.equal(result.code, 0, result.stderr)
    assert.equal(result.stdout, `registered 4 global commands:
  /follow
  /unfollow
  /following
  /status
registered 3 commands in guild ${GUILD_ID}:
  /incident (open, update, resolve)
  /maintenance (schedule, end)
  /component (set, clear)
`)
    assert.equal(standIn.calls.length, 2)
    const [globalCall, call] = standIn.calls
    assert.equal(globalCall!.method, 'PUT')
    assert.equal(globalCall!.path, `/api/v10/applications/${APPLICATION_ID}/commands`)
    assert.equal(globalCall!.headers.authorization, `Bot ${BOT_TOKEN}`)
    const globals = JSON.parse(globalCall!.body) as Array<{ name: string, name_localizations: { de: string }, default_member_permissions?: string, contexts?: number[], description_localizations: { de: string }, options?: Array<{ name: string, type: number, required?: boolean, autocomplete?: boolean, channel_types?: number[] }> }>
    assert.deepEqual(globals.map((command) => [command.name, command.name_localizations.de, command.default_member_permissions]),
      [['follow', 'folgen', '536870912'], ['unfollow', 'entfolgen', '536870912'], ['following', 'gefolgte-kanäle', '536870912'], ['status', 'status', undefined]])
    assert.deepEqual(globals[0]!.contexts, [0], 'following only in servers')
    assert.deepEqual(globals[0]!.options!.map((option) => [option.name, option.type, option.required === true, option.autocomplete === true]),
      [['channel', 7, true, false], ['components', 3, false, true], ['language', 3, false, false]])
    assert.deepEqual(globals[0]!.options![0]!.channel_types, [0, 5])
    assert.match(globals[3]!.description_localizations.de, /Statusseite/)
    assert.equal(call!.method, 'PUT')
    assert.equal(call!.path, `/api/v10/applications/${APPLICATION_ID}/guilds/${GUILD_ID}/commands`)
    assert.equal(call!.headers.authorization, `Bot ${BOT_TOKEN}`)
    const commands = JSON.parse(call!.body) as Array<{ name: string, name_localizations: { de: string }, description_localizations: { de: string }, options: Array<{ name: string, options?: Array<{ name: string, name_localizations: { de: string }, required?: boolean, autocomplete?: boolean, choices?: unknown[] }> }> }>
    assert.deepEqual(commands.map((command) => [command.name, command.name_localizations.de]),
      [['incident', 'vorfall'], ['maintenance', 'wartung'], ['component', 'komponente']], 'the operator commands stay in the operator guild')
    const open = commands[0]!.options.find((option) => option.name === 'open')!
    assert.deepEqual(open.options!.map((option) => [option.name, option.name_localizations.de, option.required === true]),
      [['template', 'vorlage', false], ['impact', 'auswirkung', false], ['title', 'titel', false], ['message', 'nachricht', false], ['status', 'status', false], ['components', 'komponenten', false]])
    assert.equal(open.options!.find((option) => option.name === 'components')!.autocomplete, true)
    assert.equal(open.options!.find((option) => option.name === 'template')!.autocomplete, true)
    const update = commands[0]!.options.find((option) => option.name === 'update')!
    assert.equal(update.options!.find((option) => option.name === 'incident')!.autocomplete, true)
    const schedule = commands[1]!.options.find((option) => option.name === 'schedule')!
    assert.deepEqual(schedule.options!.map((option) => option.name), ['title', 'message', 'from', 'to', 'components', 'repeat', 'timezone'])
  })

  it('exits 1 naming Discord\'s error (a wrong token, a field Discord refuses) and never prints the token; missing settings are named', async (t) => {
    const standIn = await DiscordStandIn.start()
    t.after(() => standIn.close())
    const env = { DISCORD_APPLICATION_ID: APPLICATION_ID, DISCORD_OPERATOR_GUILD_ID: GUILD_ID, DISCORD_BOT_TOKEN: 'wrong.token.secret', DISCORD_API_BASE: standIn.apiBase }
    const wrong = await runBinWith(env, ['discord', 'register'])
    assert.equal(wrong.code, 1)
    assert.equal(wrong.stderr, 'status-api: discord register: Discord refused the commands: 401 401: Unauthorized (code 0)\n')
    assert.equal(wrong.stdout, '')

    standIn.script.push({ status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: { 0: { options: { 1: { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }] } } } } } } })
    const refused = await runBinWith({ ...env, DISCORD_BOT_TOKEN: BOT_TOKEN }, ['discord', 'register'])
    assert.equal(refused.code, 1)
    assert.equal(refused.stderr, 'status-api: discord register: Discord refused the commands: 400 Invalid Form Body (code 50035); 0.options.1.name: Command name is invalid\n')
    assert.ok(!(refused.stdout + refused.stderr).includes(BOT_TOKEN))

    await standIn.close()
    const away = await runBinWith({ ...env, DISCORD_BOT_TOKEN: BOT_TOKEN }, ['discord', 'register'])
    assert.equal(away.code, 1)
    assert.match(away.stderr, /^status-api: discord register: Discord could not be reached/)

    const missing = await runBinWith({ DISCORD_API_BASE: standIn.apiBase, DISCORD_APPLICATION_ID: '', DISCORD_OPERATOR_GUILD_ID: '', DISCORD_BOT_TOKEN: '' }, ['discord', 'register'])
    assert.equal(missing.code, 1)
    assert.equal(missing.stderr, 'status-api: configuration error: discord register needs DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN\n')
  })
})
