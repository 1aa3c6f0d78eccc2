// The whole service on a status file with manual components, notifications to a Discord webhook receiver, and the
// interactions route on the operator listener, signed by the Discord stand-in.
import type { TestContext } from 'node:test'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { discordInteractionOptions, discordInteractionRoutes, type DiscordInteractionOptions } from '../../src/http/operator/discord-interactions.ts'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import type { ContextOptions } from '../../src/context.ts'
import { buildTestApp, tempDir, type TestApp } from '../helper.ts'
import { DiscordReceiver } from '../notify/receivers.ts'
import { APPLICATION_ID, DiscordStandIn, GUILD_ID, OPERATOR_ROLE, type Sent } from './discord-stand-in.ts'

export const STATUS_FILE = `product: { name: Acme }
components:
  - { id: bot, builtin: bot, name: { en: Commands and gateway, de: Befehle und Gateway } }
  - { id: music, name: Music, check: { manual: true } }
  - { id: dashboard, name: { en: Dashboard, de: Dashboard }, check: { manual: true } }
`

export interface DiscordSetup extends TestApp {
  standIn: DiscordStandIn
  /** Receives the service's notifications (NOTIFY_DISCORD_WEBHOOKS). */
  webhook: DiscordReceiver
  url: string
  /** Sends an interaction, signed. */
  send (interaction: Record<string, unknown>): Promise<Sent>
  databaseFile: string
  /** The environment the service was built with (a second replica of it takes the same, and the same DATA_DIR). */
  env: Record<string, string>
}

export async function discordSetup (t: TestContext, options: Partial<DiscordInteractionOptions> = {}, extraEnv: Record<string, string> = {}, contextOptions: ContextOptions = {}): Promise<DiscordSetup> {
  const [standIn, webhook] = await Promise.all([DiscordStandIn.start(), DiscordReceiver.start()])
  t.after(() => Promise.all([standIn.close(), webhook.close()]))
  const statusFile = path.join(tempDir(t), 'status.yaml')
  writeFileSync(statusFile, STATUS_FILE)
  const env = {
    STATUS_FILE: statusFile,
    PUBLIC_BASE_URL: 'https://status.example.com',
    NOTIFY_DISCORD_WEBHOOKS: webhook.url,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_PUBLIC_KEY: standIn.publicKeyHex,
    DISCORD_OPERATOR_GUILD_ID: GUILD_ID,
    DISCORD_OPERATOR_ROLE_IDS: `1300000000000000999, ${OPERATOR_ROLE}`,
    DISCORD_API_BASE: standIn.apiBase,
    DATA_DIR: tempDir(t),
    ...extraEnv
  }
  const test = await buildTestApp(t, env, contextOptions)
  await test.context.monitor.runOnce() // measured: the manual components are operational, not unknown
  // The operator listener the route lives on (its token check beside it); with options of a test's own, the route alone.
  const operator = Object.keys(options).length === 0 ? await buildOperatorApp(test.context) : Fastify()
  if (Object.keys(options).length > 0) await operator.register(discordInteractionRoutes, { ...discordInteractionOptions(test.context)!, ...options })
  await operator.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => operator.close())
  const url = `http://127.0.0.1:${(operator.server.address() as AddressInfo).port}/discord/interactions`
  return {
    ...test, standIn, webhook, url, env,
    send: (interaction) => standIn.send(url, JSON.stringify(interaction)),
    databaseFile: path.join(test.config.dataDir, 'status.db')
  }
}

/** The content of an immediate message answer (type 4), asserting it is one and ephemeral. */
export function content (sent: Sent): string {
  const data = sent.body.data as { content?: string, flags?: number } | undefined
  if (sent.status !== 200 || sent.body.type !== 4 || data?.flags !== 64) throw new Error(`not an ephemeral message: ${sent.status} ${JSON.stringify(sent.body)}`)
  return data.content ?? ''
}
