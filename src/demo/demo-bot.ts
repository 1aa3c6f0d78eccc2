// The demo's bot: sixteen shards in four clusters reporting heartbeats every 15 s, one of them now and then reconnecting. Demo only.
import type { Database } from '../store/database.ts'
import { reportHeartbeat } from '../bot/heartbeat-reporter.ts'

const SHARDS = 16
const PER_CLUSTER = 4
const EVERY_MS = 15_000

export function startDemoBot (database: Database): () => void {
  let round = 0
  const report = () => {
    round++
    for (let shard = 0; shard < SHARDS; shard++) {
      const reconnecting = shard === 13 && round % 20 === 0
      void reportHeartbeat(database, {
        shard,
        status: reconnecting ? 'reconnecting' : 'ready',
        pingMs: 35 + ((shard * 7 + round * 3) % 30),
        guilds: 2400 + shard * 113,
        cluster: Math.floor(shard / PER_CLUSTER)
      }).catch(() => {})
    }
  }
  report()
  const timer = setInterval(report, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
