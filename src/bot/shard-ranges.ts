// Shard ids and ranges as an operator types them (`7`, `16-31`, `16-`, comma-separated): what `status-api shards forget`
// and POST /v1/shards/forget take, read once here.
import { MAX_SHARD_ID } from './heartbeat-report.ts'

/** Inclusive ranges of shard ids. */
export type ShardRanges = Array<readonly [number, number]>

const PART = /^(\d{1,5})(?:(-)(\d{1,5})?)?$/

/** The ranges `text` names, or the reason it names none (one line, naming the part that is wrong). */
export function parseShardRanges (text: string): ShardRanges | string {
  const parts = text.split(',').map((part) => part.trim())
  if (text.length > 1000 || parts.length > 100) return 'shards: at most 100 ids or ranges'
  const ranges: ShardRanges = []
  for (const part of parts) {
    const match = PART.exec(part)
    const wrong = `shards: "${part.slice(0, 20)}" is not a shard id (0 to ${MAX_SHARD_ID}) or a range such as 16-31 or 16-`
    if (match === null) return wrong
    const from = Number(match[1])
    const to = match[2] === undefined ? from : match[3] === undefined ? MAX_SHARD_ID : Number(match[3])
    if (from > MAX_SHARD_ID || to > MAX_SHARD_ID || to < from) return wrong
    ranges.push([from, to])
  }
  return ranges
}
