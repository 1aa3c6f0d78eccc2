// `status-api shards forget IDS`: deletes the heartbeats of shards the bot no longer runs — on the database, or on a
// remote instance's operator API (--url), through the same operation (src/operations/) as POST /v1/shards/forget.
import type { Config } from '../config/index.ts'
import { commandWithActions } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'

const usage = `status-api shards <action> [options]

  forget IDS
      Deletes the heartbeats of the shards named: ids and ranges, comma-separated, such as 7,
      16-31 or 16- (16 and every shard above it). They leave the status page and the shard count
      with the next probe round (15 s); a shard that reports again is back.

Heartbeats that carry the bot's shard count (--total, the reporter's total) forget every shard at
or beyond it by themselves.
${REMOTE_HELP} The token needs the heartbeat scope.`

export const shardsCommand = commandWithActions({
  name: 'shards',
  usage,
  actions: { forget }
})

async function forget (args: string[], config: Config): Promise<number> {
  const command = 'shards forget'
  const { options, positionals } = parseCommandLine(command, args, [...REMOTE_OPTIONS], ['shard ids'])
  const operations = operationsFor(command, options, config)
  const { forgotten } = await asUsage(command, () => operations.forgetShards(positionals[0]!))
  console.log(`${forgotten} ${forgotten === 1 ? 'shard' : 'shards'} forgotten`)
  return 0
}
