// A local stand-in for Discord: it holds an Ed25519 key pair and signs every interaction it sends to the service, as
// Discord does, and serves the REST calls the service makes (the edit of a deferred answer, the bulk overwrites of the
// global and a guild's commands, channels' webhooks made, listed and deleted by the bot — at most 15 per channel, as
// Discord allows —, their execution and edits, a channel's type and server, crossposts) on a real loopback HTTP server,
// recording each. A channel belongs to the server of the first interaction that names it, unless a test says otherwise.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RestCall {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
  at: number
  /** The status the stand-in answered with. */
  status?: number
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
  /** The server's language (`guild_locale`; default en-US). */
  guildLocale?: string
  /** A DM: no guild, no member, a user. */
  dm?: boolean
}

export const APPLICATION_ID = '1100000000000000001'
export const GUILD_ID = '1200000000000000002'
export const OPERATOR_ROLE = '1300000000000000003'
export const BOT_TOKEN = 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.stand-in.bot-token-secret'

/** A webhook the bot made (or a test added), and the messages posted through it. */
export interface StandInWebhook {
  id: string
  token: string
  channelId: string
  name: string
  /** The server of its channel; the application that made it (the bot's, when the bot made it; none when a user did). */
  guildId?: string | undefined
  applicationId?: string | undefined
}

/** Discord's limit of webhooks in one channel. */
export const WEBHOOKS_PER_CHANNEL = 15

export interface StandInMessage {
  id: string
  webhookId: string
  channelId: string
  body: { content?: string, embeds: Array<{ title: string, description?: string, fields: Array<{ name: string, value: string }> }>, allowed_mentions?: unknown }
  edits: number
}

/** Discord's channel types the stand-in knows: text (0) and announcement (5). */
export const TEXT_CHANNEL = 0
export const ANNOUNCEMENT_CHANNEL = 5

export class DiscordStandIn {
  readonly calls: RestCall[] = []
  /** Scripted answers of the next REST calls (status and body); otherwise Discord's ordinary answers. */
  readonly script: Array<{ status: number, body: unknown }> = []
  /** Scripted answers of the next executions and edits of one webhook, by its id. */
  readonly webhookScript = new Map<string, Array<{ status: number, body: unknown, headers?: Record<string, string> }>>()
  /** Webhooks that answer this many milliseconds late (a slow follower), by id. */
  readonly slowWebhooks = new Map<string, number>()
  readonly webhooks = new Map<string, StandInWebhook>()
  readonly messages = new Map<string, StandInMessage>()
  /** Channel types by id; a channel not listed is a text channel. */
  readonly channels = new Map<string, number>()
  /** Messages crossposted, by id. */
  readonly crossposted: string[] = []
  /** The server each channel belongs to, by channel id. */
  readonly channelGuilds = new Map<string, string>()
  /** Whether an interaction's `data.resolved.channels` names each channel's server (`guild_id`); off unless a test turns it on. */
  resolvedWithGuild = false
  /** Channels where making a webhook is answered this many milliseconds late (the webhook made at once, as Discord may). */
  readonly slowWebhookCreation = new Map<string, number>()
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
        const call: RestCall = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, at: Date.now() }
        standIn.calls.push(call)
        const answer: { status: number, body: unknown, headers?: Record<string, string> } = standIn.script.shift() ?? standIn.#scripted(call) ?? standIn.#answer(call)
        const respond = () => {
          call.status = answer.status
          response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          response.end(answer.status === 204 ? undefined : JSON.stringify(answer.body))
          for (const wake of standIn.#waiters.splice(0)) wake()
        }
        const creating = call.method === 'POST' ? /^\/api\/v10\/channels\/(\d+)\/webhooks$/.exec(call.path)?.[1] : undefined
        const slowMs = standIn.slowWebhooks.get(/^\/api\/v10\/webhooks\/(\d+)\//.exec(call.path)?.[1] ?? '') ?? standIn.slowWebhookCreation.get(creating ?? '')
        if (slowMs === undefined) respond()
        else setTimeout(respond, slowMs)
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

  /**
   * Adds a webhook in `channelId`, as a member of the server makes one (no application) or, given `applicationId`, as that
   * application's bot does; returns its execute URL (as NOTIFY_DISCORD_WEBHOOKS takes it).
   */
  addWebhook (channelId: string, name = 'Acme status', applicationId?: string): StandInWebhook & { url: string } {
    const webhook = {
      id: String(1_700_000_000_000_000_000n + this.#nextId++), token: `wh-${this.#nextId}-${Math.random().toString(36).slice(2)}-secret`, channelId, name,
      guildId: this.channelGuilds.get(channelId) ?? GUILD_ID, applicationId
    }
    this.webhooks.set(webhook.id, webhook)
    return { ...webhook, url: `${this.apiBase}/webhooks/${webhook.id}/${webhook.token}` }
  }

  /** The webhooks in a channel now. */
  webhooksIn (channelId: string): StandInWebhook[] {
    return [...this.webhooks.values()].filter((webhook) => webhook.channelId === channelId)
  }

  /** A webhook as Discord describes it to the bot (Get Channel Webhooks, Create Webhook). */
  #webhookObject (webhook: StandInWebhook): Record<string, unknown> {
    return { id: webhook.id, type: 1, guild_id: webhook.guildId, channel_id: webhook.channelId, name: webhook.name, token: webhook.token, application_id: webhook.applicationId ?? null }
  }

  /** Executions (POST) and edits (PATCH) of webhooks the stand-in answered with success. */
  get executed (): RestCall[] {
    return this.calls.filter((call) => /^\/api\/v10\/webhooks\/\d+\/[^/]+(\/messages\/\d+)?(\?|$)/.test(call.path) && !call.path.includes('@original') && (call.status ?? 500) < 300)
  }

  #scripted (call: RestCall): { status: number, body: unknown, headers?: Record<string, string> } | undefined {
    const id = /^\/api\/v10\/webhooks\/(\d+)\/[^/?]+/.exec(call.path)?.[1]
    return id === undefined ? undefined : this.webhookScript.get(id)?.shift()
  }

  #answer (call: RestCall): { status: number, body: unknown } {
    const url = new URL(call.path, 'http://stand-in')
    const bot = call.headers.authorization === `Bot ${BOT_TOKEN}`
    const unauthorized = { status: 401, body: { message: '401: Unauthorized', code: 0 } }
    const makeWebhook = /^\/api\/v10\/channels\/(\d+)\/webhooks$/.exec(url.pathname)
    if (makeWebhook !== null && call.method === 'POST') {
      if (!bot) return unauthorized
      const { name } = JSON.parse(call.body) as { name: string }
      if (this.webhooksIn(makeWebhook[1]!).length >= WEBHOOKS_PER_CHANNEL) return { status: 400, body: { message: `Maximum number of webhooks reached (${WEBHOOKS_PER_CHANNEL})`, code: 30007 } }
      const webhook = this.addWebhook(makeWebhook[1]!, name, APPLICATION_ID)
      return { status: 200, body: this.#webhookObject(webhook) }
    }
    if (makeWebhook !== null && call.method === 'GET') {
      if (!bot) return unauthorized
      return { status: 200, body: this.webhooksIn(makeWebhook[1]!).map((webhook) => this.#webhookObject(webhook)) }
    }
    const channel = /^\/api\/v10\/channels\/(\d+)$/.exec(url.pathname)
    if (channel !== null && call.method === 'GET') {
      if (!bot) return unauthorized
      return { status: 200, body: { id: channel[1], type: this.channels.get(channel[1]!) ?? TEXT_CHANNEL, name: 'status', guild_id: this.channelGuilds.get(channel[1]!) ?? GUILD_ID } }
    }
    const crosspost = /^\/api\/v10\/channels\/(\d+)\/messages\/(\d+)\/crosspost$/.exec(url.pathname)
    if (crosspost !== null && call.method === 'POST') {
      if (!bot) return unauthorized
      const message = this.messages.get(crosspost[2]!)
      if (message === undefined || message.channelId !== crosspost[1]) return { status: 404, body: { message: 'Unknown Message', code: 10008 } }
      if (this.channels.get(crosspost[1]!) !== ANNOUNCEMENT_CHANNEL) return { status: 400, body: { message: 'Cannot execute action on this channel type', code: 50024 } }
      if (this.crossposted.includes(message.id)) return { status: 400, body: { message: 'This message has already been crossposted.', code: 40033 } }
      this.crossposted.push(message.id)
      return { status: 200, body: { id: message.id, channel_id: message.channelId, flags: 1 } }
    }
    const deleteHook = /^\/api\/v10\/webhooks\/(\d+)$/.exec(url.pathname)
    if (deleteHook !== null && call.method === 'DELETE') {
      if (!bot) return unauthorized
      return this.webhooks.delete(deleteHook[1]!) ? { status: 204, body: undefined } : { status: 404, body: { message: 'Unknown Webhook', code: 10015 } }
    }
    const execute = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/(\d+))?$/.exec(url.pathname)
    if (execute !== null && execute[1] !== APPLICATION_ID) {
      const webhook = this.webhooks.get(execute[1]!)
      if (webhook === undefined || webhook.token !== execute[2]) return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } }
      const body = JSON.parse(call.body) as StandInMessage['body']
      if (call.method === 'POST' && execute[3] === undefined) {
        const id = String(1_800_000_000_000_000_000n + this.#nextId++)
        this.messages.set(id, { id, webhookId: webhook.id, channelId: webhook.channelId, body, edits: 0 })
        return url.searchParams.get('wait') === 'true' ? { status: 200, body: { id, channel_id: webhook.channelId, webhook_id: webhook.id, ...body } } : { status: 204, body: undefined }
      }
      if (call.method === 'PATCH' && execute[3] !== undefined) {
        const message = this.messages.get(execute[3])
        if (message === undefined || message.webhookId !== webhook.id) return { status: 404, body: { message: 'Unknown Message', code: 10008 } }
        this.messages.set(message.id, { ...message, body: { ...message.body, ...body }, edits: message.edits + 1 })
        return { status: 200, body: { id: message.id, channel_id: message.channelId, ...body } }
      }
    }
    return this.#commandsAndEdits(call)
  }

  #commandsAndEdits (call: RestCall): { status: number, body: unknown } {
    const edit = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(call.path)
    if (edit !== null && call.method === 'PATCH') {
      if (edit[1] !== APPLICATION_ID) return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } }
      return { status: 200, body: { id: String(this.#nextId++), ...JSON.parse(call.body) } }
    }
    const commands = /^\/api\/v10\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/.exec(call.path)
    if (commands !== null && call.method === 'PUT') {
      if (call.headers.authorization !== `Bot ${BOT_TOKEN}`) return { status: 401, body: { message: '401: Unauthorized', code: 0 } }
      if (commands[1] !== APPLICATION_ID) return { status: 403, body: { message: 'Missing Access', code: 50001 } }
      const list = JSON.parse(call.body) as Array<Record<string, unknown>>
      const problem = commandProblem(list)
      if (problem !== undefined) return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: problem } }
      return { status: 200, body: list.map((command) => ({ id: String(this.#nextId++), application_id: APPLICATION_ID, ...(commands[2] === undefined ? {} : { guild_id: commands[2] }), version: '1', ...command })) }
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
      guild_locale: who.guildLocale ?? 'en-US',
      channel_id: '1500000000000000005',
      member: { user, roles: who.roles ?? [OPERATOR_ROLE], permissions: who.permissions ?? '2248473465835073', nick: null, joined_at: '2024-01-01T00:00:00.000000+00:00' },
      context: 0
    }
  }

  /** `/name sub option:value …` as an APPLICATION_COMMAND (or, with `focused`, its AUTOCOMPLETE). */
  command (name: string, subcommand: string | undefined, options: Record<string, string>, who: Who = {}, focused?: string): Record<string, unknown> {
    const values = Object.entries(options).map(([key, value]) => ({ name: key, type: key === 'channel' ? 7 : 3, value, ...(key === focused ? { focused: true } : {}) }))
    const data: Record<string, unknown> = { id: '1600000000000000006', name, type: 1, options: subcommand === undefined ? values : [{ name: subcommand, type: 1, options: values }] }
    const channel = options.channel
    if (channel !== undefined && /^\d+$/.test(channel)) {
      // The channel is the invoking server's unless a test placed it in another.
      if (who.dm !== true && !this.channelGuilds.has(channel)) this.channelGuilds.set(channel, who.guildId ?? GUILD_ID)
      const guild = this.channelGuilds.get(channel)
      data.resolved = { channels: { [channel]: { id: channel, name: 'status', type: this.channels.get(channel) ?? TEXT_CHANNEL, permissions: '2248473465835073', ...(this.resolvedWithGuild && guild !== undefined ? { guild_id: guild } : {}) } } }
    }
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
  const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u
  const LOCALES = ['de', 'fr', 'es-ES', 'pt-BR']
  const check = (item: Record<string, unknown>, path: string): Record<string, unknown> | undefined => {
    const name = String(item.name)
    const description = String(item.description)
    const names = (item.name_localizations ?? {}) as Record<string, string>
    const descriptions = (item.description_localizations ?? {}) as Record<string, string>
    const bad = (message: string) => ({ [path]: { _errors: [{ code: 'BASE_TYPE_BAD', message }] } })
    if (!NAME.test(name) || name !== name.toLowerCase()) return bad(`bad name ${name}`)
    if (description.length < 1 || description.length > 100) return bad(`description of ${name} is ${description.length} long`)
    for (const locale of LOCALES) {
      const localName = names[locale]
      const localDescription = descriptions[locale]
      if (localName === undefined || !NAME.test(localName) || localName !== localName.toLowerCase()) return bad(`bad ${locale} name of ${name}`)
      if (localDescription === undefined || localDescription.length < 1 || localDescription.length > 100) return bad(`${locale} description of ${name}`)
    }
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
