// `status-api heartbeat --shard N --status ready --ping MS [--guilds N] [--cluster N] [--total N]`: a bot shard reports in.
import { parseArgs } from 'node:util'
import { heartbeatProblem, SHARD_STATUSES, type HeartbeatReport, type ShardStatus } from '../bot/heartbeat-reporter.ts'
import { UsageError, type Command } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage } from './options.ts'
import { REMOTE_HELP } from './remote-options.ts'

function parseHeartbeatArgs (args: string[]): HeartbeatReport & { url?: string, token?: string } {
  let values: Record<string, string | undefined>
  try {
    values = parseArgs({
      args,
      options: {
        shard: { type: 'string' }, status: { type: 'string' }, ping: { type: 'string' }, guilds: { type: 'string' }, cluster: { type: 'string' }, total: { type: 'string' },
        url: { type: 'string' }, token: { type: 'string' }
      },
      strict: true,
      allowPositionals: false
    }).values
  } catch (error) {
    throw new UsageError(`heartbeat: ${(error as Error).message.split('\n')[0]}`)
  }
  if (values.shard === undefined || values.status === undefined) throw new UsageError('heartbeat: --shard and --status are required')
  const number = (raw: string | undefined, pattern: RegExp, name: string) => {
    if (raw === undefined) return undefined
    if (!pattern.test(raw)) throw new UsageError(`heartbeat: --${name} must be a number (got "${raw}")`)
    return Number(raw)
  }
  const report: HeartbeatReport = {
    shard: number(values.shard, /^\d+$/, 'shard')!,
    status: values.status as ShardStatus,
    pingMs: number(values.ping, /^\d+(\.\d+)?$/, 'ping') ?? null,
    guilds: number(values.guilds, /^\d+$/, 'guilds') ?? null,
    cluster: number(values.cluster, /^\d+$/, 'cluster') ?? null,
    total: number(values.total, /^\d+$/, 'total') ?? null
  }
  const problem = heartbeatProblem(report)
  if (problem !== undefined) throw new UsageError(`heartbeat: ${problem}`)
  return { ...report, ...(values.url === undefined ? {} : { url: values.url }), ...(values.token === undefined ? {} : { token: values.token }) }
}

export const heartbeatCommand: Command = {
  name: 'heartbeat',
  usage: `status-api heartbeat --shard N --status STATUS [--ping MS] [--guilds N] [--cluster N] [--total N] [--url URL --token TOKEN]

Records that bot shard N is STATUS (${SHARD_STATUSES.join(' | ')}) with gateway ping MS, in the
configured database (SQLite under DATA_DIR, or DATABASE_URL). Run it every 30 s or so per shard: a
shard silent for longer than BOT_HEARTBEAT_TIMEOUT_SECONDS (default 90) counts as disconnected.
Only "ready" counts as connected. --cluster N names the cluster (process) running the shard, for
bots that group shards in clusters; the status page folds the shards by cluster. --total N is the
shard count the bot runs with: shards N and above are forgotten (status-api shards forget does it by hand).
${REMOTE_HELP} The token needs the heartbeat scope.`,
  async run (args, config) {
    const { url, token, ...report } = parseHeartbeatArgs(args)
    // Locally, the database is created when it is not there yet: a bot's shards may report before the server starts.
    const operations = operationsFor('heartbeat', { url, token }, config)
    await asUsage('heartbeat', () => operations.reportHeartbeats([report]))
    console.log(`shard ${report.shard}${report.cluster == null ? '' : ` (cluster ${report.cluster})`}: ${report.status}`)
    return 0
  }
}

