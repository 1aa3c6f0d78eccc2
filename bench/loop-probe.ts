// Preloaded into the server process by the bench (node --import): appends RSS and event-loop delay as JSON
// lines to the file named by BENCH_PROBE_FILE every second. Bench tooling only; the service never loads it.
import { appendFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.BENCH_PROBE_FILE
if (file !== undefined) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  setInterval(() => {
    appendFileSync(file, JSON.stringify({
      at: Date.now(),
      rssMiB: process.memoryUsage.rss() / 2 ** 20,
      loopP50Ms: delay.percentile(50) / 1e6,
      loopP99Ms: delay.percentile(99) / 1e6,
      loopMaxMs: delay.max / 1e6
    }) + '\n')
    delay.reset()
  }, 1000).unref()
}
