// Preloaded into the server process by the bench (node --import): on SIGUSR2, appends to the file named by
// BENCH_ALLOC_FILE the heap bytes allocated since the previous SIGUSR2, as a JSON line. V8 counts no allocations, but
// used heap only falls in a collection: allocated = Σ (used before each collection − used after the one before) +
// (used now − used after the last). Bench tooling only; the service never loads it, and until the first signal it
// does nothing. It stops counting 10 s after the last signal: a profiler left running keeps every collection's
// statistics, which grew the service by ~10 MB per 10 s of load in the soak that follows.
import { appendFileSync } from 'node:fs'
import { GCProfiler, getHeapStatistics } from 'node:v8'

const file = process.env.BENCH_ALLOC_FILE
if (file !== undefined) {
  let profiler: GCProfiler | undefined
  let usedAtStart = 0
  let idle: NodeJS.Timeout | undefined
  const stop = () => {
    profiler?.stop()
    profiler = undefined
  }
  process.on('SIGUSR2', () => {
    let allocated = 0
    if (profiler !== undefined) {
      let usedAfter = usedAtStart
      for (const { beforeGC, afterGC } of profiler.stop().statistics) {
        allocated += Math.max(0, beforeGC.heapStatistics.usedHeapSize - usedAfter)
        usedAfter = afterGC.heapStatistics.usedHeapSize
      }
      allocated += Math.max(0, getHeapStatistics().used_heap_size - usedAfter)
    }
    profiler = new GCProfiler()
    usedAtStart = getHeapStatistics().used_heap_size
    profiler.start()
    clearTimeout(idle)
    idle = setTimeout(stop, 10_000).unref()
    appendFileSync(file, JSON.stringify({ allocated }) + '\n')
  })
}
