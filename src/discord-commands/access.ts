// Who may change the status from Discord (DESIGN §12): members of the operator guild holding one of the operator roles,
// or Administrator in the interaction's own permissions. Anyone else, and any DM, is refused and nothing changes.
import type { DiscordCommandsConfig } from '../config/discord.ts'
import { ADMINISTRATOR, type Interaction } from './interaction.ts'

export type WriteAccess = 'granted' | 'not-in-guild' | 'not-operator'

export function writeAccess (interaction: Interaction, discord: Pick<DiscordCommandsConfig, 'operatorGuildId' | 'operatorRoleIds'>): WriteAccess {
  const { member, guildId } = interaction
  if (guildId === undefined || member === undefined || interaction.user === undefined) return 'not-in-guild'
  if (discord.operatorGuildId === undefined || guildId !== discord.operatorGuildId) return 'not-operator'
  if ((member.permissions & ADMINISTRATOR) === ADMINISTRATOR) return 'granted'
  return member.roles.some((role) => discord.operatorRoleIds.includes(role)) ? 'granted' : 'not-operator'
}

/** The author every change records: shown to operators, never published. */
export function authorOf (interaction: Interaction): string {
  return `discord:${interaction.user?.id ?? 'unknown'} (${interaction.user?.username ?? ''})`
}
