// Who may change the status from Discord (docs/en/architecture.md#discord): members of the operator guild holding one of the operator roles,
// or Administrator in the interaction's own permissions; who may choose the channels that follow (§14). Anyone else,
// and any DM, is refused and nothing changes.
import type { DiscordCommandsConfig } from '../config/discord.ts'
import { MANAGE_WEBHOOKS } from './commands.ts'
import { ADMINISTRATOR, type Interaction } from './interaction.ts'

export type WriteAccess = 'granted' | 'not-in-guild' | 'not-operator'

export function writeAccess (interaction: Interaction, discord: Pick<DiscordCommandsConfig, 'operatorGuildId' | 'operatorRoleIds'>): WriteAccess {
  const { member, guildId } = interaction
  if (guildId === undefined || member === undefined || interaction.user === undefined) return 'not-in-guild'
  if (discord.operatorGuildId === undefined || guildId !== discord.operatorGuildId) return 'not-operator'
  if ((member.permissions & ADMINISTRATOR) === ADMINISTRATOR) return 'granted'
  return member.roles.some((role) => discord.operatorRoleIds.includes(role)) ? 'granted' : 'not-operator'
}

export type FollowAccess = 'granted' | 'not-in-guild' | 'no-permission'

/** Who may choose the channels that follow (docs/en/architecture.md#follow): in any server, a member with Manage Webhooks or Administrator. */
export function followAccess (interaction: Interaction): FollowAccess {
  const { member, guildId } = interaction
  if (guildId === undefined || member === undefined || interaction.user === undefined) return 'not-in-guild'
  return (member.permissions & (MANAGE_WEBHOOKS | ADMINISTRATOR)) !== 0n ? 'granted' : 'no-permission'
}

/** The author every change records: shown to operators, never published. */
export function authorOf (interaction: Interaction): string {
  return `discord:${interaction.user?.id ?? 'unknown'} (${interaction.user?.username ?? ''})`
}
