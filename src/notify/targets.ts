// Notification targets as configured: a kind and a secret URL, known everywhere else by a key derived from a hash
// of the URL, so logs, the database and the CLI can name a target without revealing it.
import { createHash } from 'node:crypto'
import { purgeTargetName, type PurgeTarget } from '../config/edge.ts'

export type TargetKind = 'discord' | 'webhook'

export type Target = NotifyTarget | EdgePurgeTarget

export interface NotifyTarget {
  kind: TargetKind
  /** `discord:1a2b3c4d5e6f`: stable while the URL stays the same; safe to log and show. */
  key: string
  /** Secret: the token is part of it. Only the request itself ever sees it. */
  url: URL
}

/** A shared cache purged when what a key shows changes (docs/en/architecture.md#edge); it is given only `edge.purge` events. */
export interface EdgePurgeTarget {
  kind: 'purge'
  /** `purge:1a2b3c4d5e6f`, from a hash of where it goes: no host name in logs or rows. */
  key: string
  purge: PurgeTarget
}

export interface TargetSettings {
  discordWebhooks: URL[]
  webhooks: URL[]
}

export function targetsOf (settings: TargetSettings): NotifyTarget[] {
  return [
    ...settings.discordWebhooks.map((url) => ({ kind: 'discord' as const, key: targetKey('discord', url), url })),
    ...settings.webhooks.map((url) => ({ kind: 'webhook' as const, key: targetKey('webhook', url), url }))
  ]
}

export function purgeTargetsOf (purge: PurgeTarget[]): EdgePurgeTarget[] {
  return purge.map((target) => ({ kind: 'purge', key: `purge:${hash12(purgeTargetName(target))}`, purge: target }))
}

function targetKey (kind: TargetKind, url: URL): string {
  return `${kind}:${hash12(url.href)}`
}

function hash12 (text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12)
}
