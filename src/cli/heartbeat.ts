// `status-api heartbeat --shard N --status ready --ping MS [--guilds N] [--cluster N]`: a bot shard reports in.
import { parseArgs } from 'node:util'
import { heartbeatProblem, reportHeartbeat, SHARD_STATUSES, type HeartbeatReport, type ShardStatus } from '../bot/heartbeat-reporter.ts'
import { openDatabase } from '../store/database.ts'
import { migrate } from '../store/migrate.ts'
import type { Config } from '../config/index.ts'
import { UsageError, type Command } from './command.ts'
import { REMOTE_HELP, callOperator, remoteOf } from './remote.ts'

export function parseHeartbeatArgs (args: string[]): HeartbeatReport & { url?: string, token?: string } {
  let values: Record<string, string | undefined>
  try {
    values = parseArgs({
      args,
      options: {
        shard: { type: 'string' }, status: { type: 'string' }, ping: { type: 'string' }, guilds: { type: 'string' }, cluster: { type: 'string' },
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
    cluster: number(values.cluster, /^\d+$/, 'cluster') ?? null
  }
  const problem = heartbeatProblem(report)
  if (problem !== undefined) throw new UsageError(`heartbeat: ${problem}`)
  return { ...report, ...(values.url === undefined ? {} : { url: values.url }), ...(values.token === undefined ? {} : { token: values.token }) }
}

export const heartbeatCommand: Command = {
  name: 'heartbeat',
  usage: `status-api heartbeat --shard N --status STATUS [--ping MS] [--guilds N] [--cluster N] [--url URL --token TOKEN]

Records that bot shard N is STATUS (${SHARD_STATUSES.join(' | ')}) with gateway ping MS, in the
configured database (SQLite under DATA_DIR, or DATABASE_URL). Run it every 30 s or so per shard: a
shard silent for longer than BOT_HEARTBEAT_TIMEOUT_SECONDS (default 90) counts as disconnected.
Only "ready" counts as connected. --cluster N names the cluster (process) running the shard, for
bots that group shards in clusters; the status page folds the shards by cluster.
${REMOTE_HELP} The token needs the heartbeat scope.`,
  async run (args, config) {
    const { url, token, ...report } = parseHeartbeatArgs(args)
    const remote = remoteOf('heartbeat', { url, token }, config)
    if (remote !== undefined) await callOperator('heartbeat', remote, 'POST', '/v1/heartbeats', { reports: [report] })
    else await reportToDatabase(config, report)
    console.log(`shard ${report.shard}${report.cluster == null ? '' : ` (cluster ${report.cluster})`}: ${report.status}`)
    return 0
  }
}

async function reportToDatabase (config: Config, report: HeartbeatReport): Promise<void> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrate(database)
    await reportHeartbeat(database, report)
  } finally {
    await database.close()
  }
}
