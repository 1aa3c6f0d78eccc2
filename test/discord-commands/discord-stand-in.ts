// A local stand-in for Discord: it holds an Ed25519 key pair and signs every interaction it sends to the service, as
// Discord does, and serves the REST calls the service makes (the edit of a deferred answer, the bulk overwrite of a
// guild's commands) on a real loopback HTTP server, recording each.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RestCall {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
  at: number
}

export interface Sent {
  status: number
  body: Record<string, unknown>
  /** Milliseconds from sending to the whole answer. */
  tookMs: number
}

export interface Who {
  guildId?: string
  userId?: string
  username?: string
  roles?: string[]
  permissions?: string
  locale?: string
  /** A DM: no guild, no member, a user. */
  dm?: boolean
}

export const APPLICATION_ID = '1100000000000000001'
export const GUILD_ID = '1200000000000000002'
export const OPERATOR_ROLE = '1300000000000000003'
export const BOT_TOKEN = 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.stand-in.bot-token-secret'

export class DiscordStandIn {
  readonly calls: RestCall[] = []
  /** Scripted answers of the next REST calls (status and body); otherwise Discord's ordinary answers. */
  readonly script: Array<{ status: number, body: unknown }> = []
  readonly #privateKey: KeyObject
  readonly publicKeyHex: string
  #server: Server | undefined
  #port = 0
  #nextId = 1n
  #waiters: Array<() => void> = []

  private constructor () {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    this.#privateKey = privateKey
    this.publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex')
  }

  static async start (): Promise<DiscordStandIn> {
    const standIn = new DiscordStandIn()
    standIn.#server = createServer((request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => { body += chunk })
      request.on('end', () => {
        const call = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, at: Date.now() }
        standIn.calls.push(call)
        const answer = standIn.script.shift() ?? standIn.#answer(call)
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(answer.body))
        for (const wake of standIn.#waiters.splice(0)) wake()
      })
    })
    await new Promise<void>((resolve) => standIn.#server!.listen(0, '127.0.0.1', resolve))
    standIn.#port = (standIn.#server.address() as AddressInfo).port
    return standIn
  }

  /** DISCORD_API_BASE for the service. */
  get apiBase (): string { return `http://127.0.0.1:${this.#port}/api/v10` }

  close (): Promise<void> {
    return new Promise((resolve) => { this.#server?.closeAllConnections(); this.#server?.close(() => resolve()) })
  }

  /** Resolves once a REST call matching `test` has arrived (or at once when one has). */
  async call (test: (call: RestCall) => boolean, withinMs = 20_000): Promise<RestCall> {
    const deadline = Date.now() + withinMs
    for (;;) {
      const found = this.calls.find(test)
      if (found !== undefined) return found
      if (Date.now() > deadline) throw new Error(`no such REST call within ${withinMs} ms; got ${this.calls.map((c) => `${c.method} ${c.path}`).join(', ')}`)
      await new Promise<void>((resolve) => { this.#waiters.push(resolve); setTimeout(resolve, 100) })
    }
  }

  #answer (call: RestCall): { status: number, body: unknown } {
    const edit = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(call.path)
    if (edit !== null && call.method === 'PATCH') {
      if (edit[1] !== APPLICATION_ID) return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } }
      return { status: 200, body: { id: String(this.#nextId++), ...JSON.parse(call.body) } }
    }
    const commands = /^\/api\/v10\/applications\/(\d+)\/guilds\/(\d+)\/commands$/.exec(call.path)
    if (commands !== null && call.method === 'PUT') {
      if (call.headers.authorization !== `Bot ${BOT_TOKEN}`) return { status: 401, body: { message: '401: Unauthorized', code: 0 } }
      if (commands[1] !== APPLICATION_ID) return { status: 403, body: { message: 'Missing Access', code: 50001 } }
      const list = JSON.parse(call.body) as Array<Record<string, unknown>>
      const problem = commandProblem(list)
      if (problem !== undefined) return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: problem } }
      return { status: 200, body: list.map((command) => ({ id: String(this.#nextId++), application_id: APPLICATION_ID, guild_id: commands[2], version: '1', ...command })) }
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } }
  }

  /** Signs `body` at `timestamp` (seconds) as Discord does: Ed25519 over timestamp + body. */
  sign (timestamp: string, body: string | Buffer): string {
    return sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), this.#privateKey).toString('hex')
  }

  /** POSTs `body` to the service, signed (unless `headers` says otherwise), and reads the answer. */
  async send (url: string, body: string | Buffer, headers?: Record<string, string>): Promise<Sent> {
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signed = headers ?? { 'x-signature-ed25519': this.sign(timestamp, body), 'x-signature-timestamp': timestamp }
    const started = performance.now()
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)', ...signed }, body })
    const text = await response.text()
    return { status: response.status, body: text === '' ? {} : JSON.parse(text), tookMs: performance.now() - started }
  }

  /** An interaction as Discord sends it: in the operator guild by a member with the operator role, unless `who` says otherwise. */
  interaction (type: number, data: Record<string, unknown> | undefined, who: Who = {}): Record<string, unknown> {
    const user = { id: who.userId ?? '1400000000000000004', username: who.username ?? 'ops-alice', global_name: 'Alice', discriminator: '0' }
    const base: Record<string, unknown> = {
      id: String(2_000_000_000_000_000_000n + this.#nextId++), application_id: APPLICATION_ID, type,
      token: `aW50ZXJhY3Rpb246${this.#nextId}:stand-in-token`, version: 1, locale: who.locale ?? 'en-US', app_permissions: '0',
      ...(data === undefined ? {} : { data })
    }
    if (who.dm === true) return { ...base, user, context: 1 }
    return {
      ...base,
      guild_id: who.guildId ?? GUILD_ID,
      guild_locale: 'en-US',
      channel_id: '1500000000000000005',
      member: { user, roles: who.roles ?? [OPERATOR_ROLE], permissions: who.permissions ?? '2248473465835073', nick: null, joined_at: '2024-01-01T00:00:00.000000+00:00' },
      context: 0
    }
  }

  /** `/name sub option:value …` as an APPLICATION_COMMAND (or, with `focused`, its AUTOCOMPLETE). */
  command (name: string, subcommand: string | undefined, options: Record<string, string>, who: Who = {}, focused?: string): Record<string, unknown> {
    const values = Object.entries(options).map(([key, value]) => ({ name: key, type: 3, value, ...(key === focused ? { focused: true } : {}) }))
    const data = { id: '1600000000000000006', name, type: 1, options: subcommand === undefined ? values : [{ name: subcommand, type: 1, options: values }] }
    return this.interaction(focused === undefined ? 2 : 4, data, who)
  }

  /** A MODAL_SUBMIT of the form with `customId`, its text inputs filled in as `values`. */
  modalSubmit (customId: string, values: Record<string, string>, who: Who = {}): Record<string, unknown> {
    const components = Object.entries(values).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] }))
    return this.interaction(5, { custom_id: customId, components }, who)
  }
}

/** What Discord checks of a command list (the subset a mistake of ours would trip): names, descriptions, localisations. */
function commandProblem (list: Array<Record<string, unknown>>): Record<string, unknown> | undefined {
  const NAME = /^[-_\p{L}\p{N}]{1,32}$/u
  const check = (item: Record<string, unknown>, path: string): Record<string, unknown> | undefined => {
    const name = String(item.name)
    const description = String(item.description)
    const germanName = (item.name_localizations as { de?: string } | undefined)?.de
    const germanDescription = (item.description_localizations as { de?: string } | undefined)?.de
    const bad = (message: string) => ({ [path]: { _errors: [{ code: 'BASE_TYPE_BAD', message }] } })
    if (!NAME.test(name) || name !== name.toLowerCase()) return bad(`bad name ${name}`)
    if (germanName === undefined || !NAME.test(germanName) || germanName !== germanName.toLowerCase()) return bad(`bad German name of ${name}`)
    if (description.length < 1 || description.length > 100) return bad(`description of ${name} is ${description.length} long`)
    if (germanDescription === undefined || germanDescription.length < 1 || germanDescription.length > 100) return bad(`German description of ${name}`)
    const options = (item.options ?? []) as Array<Record<string, unknown>>
    if (options.length > 25) return bad('too many options')
    let optional = false
    for (const [index, option] of options.entries()) {
      if (option.required === true && optional) return bad(`required option ${String(option.name)} after an optional one`)
      if (option.required !== true && option.type !== 1) optional = true
      if (option.autocomplete === true && option.choices !== undefined) return bad('autocomplete with choices')
      const deeper = check(option, `${path}.options.${index}`)
      if (deeper !== undefined) return deeper
    }
    return undefined
  }
  for (const [index, command] of list.entries()) {
    const problem = check(command, String(index))
    if (problem !== undefined) return problem
  }
  return undefined
}
