// Which shard serves a server: snowflake checks, Discord message links, and (guildId >> 22) % total with BigInt.

import { SNOWFLAKE_PATTERN } from '../api/shards.ts'

const LIMIT = 1n << 64n

const SNOWFLAKE = new RegExp(SNOWFLAKE_PATTERN)
const MESSAGE_LINK = /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/channels\/([0-9]+)(?:\/[0-9]+){0,2}\/?$/

/** The guild id as a BigInt when `text` is a snowflake (17–20 digits, no leading zero, below 2^64); else undefined. */
export function parseSnowflake (text: string): bigint | undefined {
  if (!SNOWFLAKE.test(text)) return undefined
  const id = BigInt(text)
  return id < LIMIT ? id : undefined
}

/** A server id typed or pasted by a person: the id itself, or a message/channel link `https://discord.com/channels/<guild>/…`. */
export function guildIdFromInput (input: string): string | undefined {
  const text = input.trim()
  if (text.length > 200) return undefined
  const candidate = MESSAGE_LINK.exec(text)?.[1] ?? text
  return parseSnowflake(candidate) === undefined ? undefined : candidate
}

/** The shard of a guild among `total` shards (Discord's rule; never `% (total - 1)`). */
export function shardOfGuild (guildId: bigint, total: number): number {
  return Number((guildId >> 22n) % BigInt(total))
}
