// Notification targets as configured: a kind and a secret URL, known everywhere else by a key derived from a hash
// of the URL, so logs, the database and the CLI can name a target without revealing it.
import { createHash } from 'node:crypto'

export type TargetKind = 'discord' | 'webhook'

export interface Target {
  kind: TargetKind
  /** `discord:1a2b3c4d5e6f`: stable while the URL stays the same; safe to log and show. */
  key: string
  /** Secret: the token is part of it. Only the request itself ever sees it. */
  url: URL
}

export interface TargetSettings {
  discordWebhooks: URL[]
  webhooks: URL[]
}

export function targetsOf (settings: TargetSettings): Target[] {
  return [
    ...settings.discordWebhooks.map((url) => ({ kind: 'discord' as const, key: targetKey('discord', url), url })),
    ...settings.webhooks.map((url) => ({ kind: 'webhook' as const, key: targetKey('webhook', url), url }))
  ]
}

function targetKey (kind: TargetKind, url: URL): string {
  return `${kind}:${createHash('sha256').update(url.href).digest('hex').slice(0, 12)}`
}
