// The monitor section: what the health monitor watches (the chat platform's status, the bot) and how often.
import { fetchableUrl, integer, optionalUrl, type Reader } from './values.ts'

export interface MonitorConfig {
  discordStatusUrl: URL
  botStatusUrl: URL | undefined
  botHeartbeatTimeoutSeconds: number
  probeIntervalSeconds: number
}

export function monitorConfig (read: Reader): MonitorConfig {
  return {
    discordStatusUrl: fetchableUrl(optionalUrl(read, 'DISCORD_STATUS_URL', ['http:', 'https:']), 'DISCORD_STATUS_URL') ??
      new URL('https://discordstatus.com/api/v2/summary.json'),
    botStatusUrl: fetchableUrl(optionalUrl(read, 'BOT_STATUS_URL', ['http:', 'https:']), 'BOT_STATUS_URL'),
    botHeartbeatTimeoutSeconds: integer(read, 'BOT_HEARTBEAT_TIMEOUT_SECONDS', 90, 5, 86400),
    probeIntervalSeconds: integer(read, 'PROBE_INTERVAL_SECONDS', 15, 1, 60)
  }
}
