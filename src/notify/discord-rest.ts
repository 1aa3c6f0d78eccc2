// The bot's own calls to Discord's REST API (docs/en/architecture.md#follow), with DISCORD_BOT_TOKEN: make, list and delete the webhooks
// of a followed channel, read a channel's type and server, crosspost a message. The token goes only into the Authorization header;
// what a caller sees of a refusal is Discord's status, code and message, never a token or the webhook's.
import { DeliveryError, sendRequest, upstreamWaitMs } from './http-request.ts'

export interface BotRest {
  apiBase: string
  botToken: string
  timeoutMs: number
}

/** Discord's answer: its status, its error code and message (on a refusal), and the JSON it sent. */
export interface RestAnswer {
  status: number
  ok: boolean
  code: number | undefined
  message: string | undefined
  body: Record<string, unknown> | undefined
  /** The JSON when Discord sent an array (a list of webhooks). */
  list: unknown[] | undefined
  /** Seconds to wait, from a 429 (at most MAX_UPSTREAM_WAIT_MS). */
  retryAfterSeconds: number | undefined
}

/** Discord could not be reached (timeout, connection refused): the message names no host and no token. */
export class DiscordUnreachable extends Error {
  override name = 'DiscordUnreachable'
}

export async function botRequest (rest: BotRest, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<RestAnswer> {
  let response
  try {
    response = await sendRequest(new URL(`${rest.apiBase}${path}`), {
      method, headers: { authorization: `Bot ${rest.botToken}` }, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: rest.timeoutMs
    })
  } catch (error) {
    if (error instanceof DeliveryError) throw new DiscordUnreachable(error.message)
    throw error
  }
  let json: Record<string, unknown> | undefined
  let list: unknown[] | undefined
  try {
    const value: unknown = JSON.parse(response.body)
    json = typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined
    list = Array.isArray(value) ? value : undefined
  } catch {
    json = undefined
  }
  const ok = response.status >= 200 && response.status < 300
  const retryAfter = upstreamWaitMs(Number(json?.retry_after) * 1000)
  return {
    status: response.status,
    ok,
    code: !ok && typeof json?.code === 'number' ? json.code : undefined,
    message: !ok && typeof json?.message === 'string' ? json.message.slice(0, 200) : undefined,
    body: json,
    list,
    retryAfterSeconds: response.status === 429 && retryAfter !== undefined ? retryAfter / 1000 : undefined
  }
}

export interface CreatedWebhook {
  id: string
  token: string
  /** The server its channel is in, as Discord says. */
  guildId: string | undefined
  name: string | undefined
  /** The application that made it (the bot's, for the webhooks of follows). */
  applicationId: string | undefined
}

const SNOWFLAKE = /^\d{1,25}$/
const snowflake = (value: unknown) => typeof value === 'string' && SNOWFLAKE.test(value) ? value : undefined

/** A webhook object as Discord sends it, when it has an id and a token. */
function webhookOf (json: unknown): CreatedWebhook | undefined {
  const body = typeof json === 'object' && json !== null ? json as Record<string, unknown> : {}
  const id = snowflake(body.id)
  const token = body.token
  if (id === undefined || typeof token !== 'string' || token === '') return undefined
  return { id, token, guildId: snowflake(body.guild_id), name: typeof body.name === 'string' ? body.name : undefined, applicationId: snowflake(body.application_id) }
}

/** `POST /channels/{id}/webhooks`: a webhook named `name`; Discord's answer when it refused. */
export async function createWebhook (rest: BotRest, channelId: string, name: string): Promise<CreatedWebhook | RestAnswer> {
  const answer = await botRequest(rest, 'POST', `/channels/${channelId}/webhooks`, { name })
  const webhook = answer.ok ? webhookOf(answer.body) : undefined
  if (webhook !== undefined) return webhook
  return answer.ok ? { ...answer, ok: false, message: 'Discord made a webhook without an id or token' } : answer
}

/** `GET /channels/{id}/webhooks`: the channel's webhooks that carry a token (those made by a user or a bot); or the refusal. */
export async function channelWebhooks (rest: BotRest, channelId: string): Promise<CreatedWebhook[] | RestAnswer> {
  const answer = await botRequest(rest, 'GET', `/channels/${channelId}/webhooks`)
  if (!answer.ok) return answer
  // The list arrives as a JSON array, which botRequest keeps only as text: read it again.
  return Array.isArray(answer.list) ? answer.list.map(webhookOf).filter((webhook) => webhook !== undefined) : []
}

/** `GET /channels/{id}`: the server the channel is in; or Discord's refusal (unknown channel, no access). */
export async function channelGuild (rest: BotRest, channelId: string): Promise<{ guildId: string | undefined } | RestAnswer> {
  const answer = await botRequest(rest, 'GET', `/channels/${channelId}`)
  return answer.ok ? { guildId: snowflake(answer.body?.guild_id) } : answer
}

/** `DELETE /webhooks/{id}`: true when it is gone (deleted now, or already: 404). */
export async function deleteWebhook (rest: BotRest, webhookId: string): Promise<boolean> {
  const answer = await botRequest(rest, 'DELETE', `/webhooks/${webhookId}`)
  return answer.ok || answer.status === 404
}

/** Discord's channel type of an announcement channel: its messages can be crossposted and followed. */
const GUILD_ANNOUNCEMENT = 5

/**
 * Crossposts the new messages of notification webhooks (NOTIFY_DISCORD_CROSSPOST) when their channel is an announcement
 * channel: its type is read once per channel (`GET /channels/{id}`) and remembered; then
 * `POST /channels/{channel}/messages/{id}/crosspost`. Failures are reported, never thrown: the message was delivered.
 */
export function createCrossposter (rest: BotRest, report: (what: string, answer: { status?: number, code?: number, error?: string }) => void) {
  const announcement = new Map<string, boolean>()
  return async (message: { id: string, channelId: string }): Promise<void> => {
    try {
      let known = announcement.get(message.channelId)
      if (known === undefined) {
        const channel = await botRequest(rest, 'GET', `/channels/${message.channelId}`)
        if (!channel.ok) {
          report('reading the channel type failed', { status: channel.status, code: channel.code })
          return
        }
        known = channel.body?.type === GUILD_ANNOUNCEMENT
        announcement.set(message.channelId, known)
      }
      if (!known) return
      const crossposted = await botRequest(rest, 'POST', `/channels/${message.channelId}/messages/${message.id}/crosspost`)
      if (!crossposted.ok) report('crossposting failed', { status: crossposted.status, code: crossposted.code })
    } catch (error) {
      report('crossposting failed', { error: error instanceof DiscordUnreachable ? error.message : 'unexpected error' })
    }
  }
}
