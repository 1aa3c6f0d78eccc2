// POST /discord/interactions (docs/en/architecture.md#discord), a plugin for the operator listener: the body is read as bytes (64 KiB at
// most) and nothing parses it before its Ed25519 signature and timestamp are checked; then the command answers within
// Discord's 3 s — at once when its work is quick, else deferred (type 5) and edited with the result when it is done.
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Logger } from 'pino'
import type { DiscordCommandsConfig } from '../../config/discord.ts'
import type { Context } from '../../context.ts'
import type { Cache } from '../../store/cache/cache.ts'
import { PROBLEM_CONTENT_TYPE } from '../../api/problems.ts'
import { messageData, settle, type Message } from '../../discord-commands/answer.ts'
import type { CommandContext } from '../../discord-commands/command-context.ts'
import { dispatch } from '../../discord-commands/dispatch.ts'
import { followWebhookName } from '../../discord-commands/follow-commands.ts'
import { editOriginal } from '../../discord-commands/follow-up.ts'
import { RESPONSE, EPHEMERAL, readInteraction } from '../../discord-commands/interaction.ts'
import { createReplayGuard } from '../../discord-commands/replay-guard.ts'
import { checkSignature, interactionKey } from '../../discord-commands/signature.ts'
import { BUSY_WAIT_MS } from '../../store/busy-retry.ts'

const INTERACTIONS_PATH = '/discord/interactions'
/** The largest interaction body accepted; Discord's are a few KiB. */
const INTERACTION_BODY_LIMIT = 64 * 1024
/** Work that takes longer is answered deferred: Discord gives 3 s for the first answer, this leaves room for the network. */
const ANSWER_WITHIN_MS = 2000

export interface DiscordInteractionOptions extends Omit<CommandContext, 'discord' | 'busyWaitMs'> {
  /** The settings; the route needs the public key and the application id. */
  discord: DiscordCommandsConfig & { publicKey: Buffer, applicationId: string }
  busyWaitMs?: number
  answerWithinMs?: number
  /** Where replicas remember the interactions answered (Redis when configured), so a replay to another one is refused too. */
  cache?: Cache
  /**
   * The route's `config` for the listener's own hooks: the operator listener's bearer-token check must let this route
   * through (its Ed25519 signature is its authentication), e.g. `{ scope: false }`.
   */
  routeConfig?: Record<string, unknown>
}

/** The plugin's options from a running instance's context; undefined without DISCORD_PUBLIC_KEY (the route does not exist). */
export function discordInteractionOptions (context: Context): DiscordInteractionOptions | undefined {
  const { discord } = context.config
  if (discord.publicKey === undefined || discord.applicationId === undefined) return undefined
  const base = context.config.publicBaseUrl
  const follow = discord.botToken === undefined || base === undefined
    ? undefined
    : {
        rest: { apiBase: discord.apiBase, botToken: discord.botToken, timeoutMs: 5000 },
        webhookName: followWebhookName(context.config.status.product.name),
        applicationId: discord.applicationId,
        perServer: discord.followsPerServer
      }
  return {
    discord: { ...discord, publicKey: discord.publicKey, applicationId: discord.applicationId },
    database: context.database,
    declaration: context.config.status,
    status: context.status,
    incidents: context.incidents,
    clock: context.clock,
    logger: context.logger,
    links: base === undefined ? undefined : { baseUrl: base.origin, germanPrefix: context.config.germanPrefix },
    languages: context.config.languages,
    manualStatuses: context.manualStatuses,
    cache: context.cache,
    follow
  }
}

interface Problem { status: number, title: string, code: string, detail: string }

const problem = (reply: FastifyReply, { status, title, code, detail }: Problem) =>
  reply.code(status).type(PROBLEM_CONTENT_TYPE).header('cache-control', 'no-store').send(JSON.stringify({ type: 'about:blank', title, status, detail, code }))

const json = (reply: FastifyReply, body: Record<string, unknown>) => reply.type('application/json').send(JSON.stringify(body))

export const discordInteractionRoutes: FastifyPluginAsync<DiscordInteractionOptions> = async (app, options) => {
  const key = interactionKey(options.discord.publicKey)
  const answerWithinMs = options.answerWithinMs ?? ANSWER_WITHIN_MS
  const context: CommandContext = { ...options, busyWaitMs: options.busyWaitMs ?? BUSY_WAIT_MS }
  const logger = options.logger as Logger
  const replays = createReplayGuard(options.cache)

  // This plugin's own parsers (encapsulated): whatever the content type, the bytes as they came, nothing more.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INTERACTION_BODY_LIMIT }, (_request, body, done) => { done(null, body) })
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'the interactions route failed')
    const detail = status === 413 ? `An interaction body is at most ${INTERACTION_BODY_LIMIT} bytes.` : status === 500 ? 'Something went wrong on our side. It has been logged.' : 'The request could not be read.'
    return problem(reply, { status, title: status === 413 ? 'Content Too Large' : status === 500 ? 'Internal Server Error' : 'Bad Request', code: status === 500 ? 'internal_error' : 'bad_request', detail })
  })

  // `config` and `schema.hide` are read by the listener's own plugins (token check, OpenAPI), typed where they live.
  const routeOptions = { bodyLimit: INTERACTION_BODY_LIMIT, config: options.routeConfig ?? {}, schema: { hide: true } }
  app.post(INTERACTIONS_PATH, routeOptions as { bodyLimit: number }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const header = (name: string) => { const value = request.headers[name]; return typeof value === 'string' ? value : undefined }
    const checked = checkSignature(key, header('x-signature-ed25519'), header('x-signature-timestamp'), body, Date.now())
    if (checked !== 'valid') {
      return problem(reply, {
        status: 401, title: 'Unauthorized', code: checked === 'stale' ? 'stale_timestamp' : 'bad_signature',
        detail: checked === 'stale' ? 'The signed timestamp is more than 5 minutes from now.' : 'The request does not carry a valid signature of this application.'
      })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      parsed = undefined
    }
    const interaction = readInteraction(parsed)
    if (interaction === undefined) return problem(reply, { status: 400, title: 'Bad Request', code: 'invalid_request', detail: 'The body is not an interaction.' })
    if (interaction.id !== '' && !await replays.firstTime(interaction.id, Date.now())) {
      return problem(reply, { status: 401, title: 'Unauthorized', code: 'replayed', detail: 'This interaction was answered already.' })
    }

    const answer = dispatch(interaction, context)
    if ('respond' in answer) return json(reply, answer.respond)
    const settled = settle(answer.work, interaction.locale, logger)
    let timer: NodeJS.Timeout | undefined
    const quick = await Promise.race([settled, new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), answerWithinMs) })])
    clearTimeout(timer)
    if (quick !== undefined) return json(reply, { type: RESPONSE.message, data: messageData(quick) })

    // Deferred: the edit goes out once Discord has this answer (it cannot edit a response it has not received).
    const answered = new Promise<void>((resolve) => { reply.raw.once('finish', resolve); reply.raw.once('close', resolve) })
    void Promise.all([settled, answered])
      .then(([message]: [Message, void]) => editOriginal(options.discord.apiBase, options.discord.applicationId, interaction.token, messageData(message), logger))
      .catch((error: unknown) => logger.error({ err: error }, 'the follow-up of a deferred Discord answer failed'))
    return json(reply, { type: RESPONSE.deferred, data: { flags: EPHEMERAL } })
  })
}
