// Gives memory back to the system when the process is quiet: a memory-reducing collection at the first quiet moment
// after start-up and after each burst of load, and another whenever the heap has taken a margin more memory while the
// event loop sat nearly idle.
// V8's own memory reducer judges the allocation rate only from its full collections, so a process that goes quiet after
// start-up or after a burst of load looks busy to it for good and keeps that peak (docs/en/operations.md#memory). The
// collection needs Node's `--expose-gc` (src/node-flags.ts); without it, nothing happens.
import { performance } from 'node:perf_hooks'

export interface MemoryReleaseOptions {
  /** How often to look, in ms. */
  everyMs?: number
  /** Event-loop utilisation (0–1) over the last look below which the process counts as quiet. */
  quietBelow?: number
  /** Growth of the memory the heap holds since the last collection, in bytes, that makes another worthwhile. */
  growthBytes?: number
  /** The least time between two collections started by looking (releaseNow is not held back), in ms. */
  atMostEveryMs?: number
  /** Runs the collection; by default V8's memory-reducing one, when Node exposes it. */
  collect?: () => Promise<void>
  /** The memory the heap holds (in use or not), in bytes. */
  heapHeld?: () => number
  /** Milliseconds from some fixed point, for the time between collections. */
  now?: () => number
  /** Event-loop utilisation since the previous call (the first call measures from the start of the process). */
  utilization?: () => number
}

export interface MemoryRelease {
  /** Collects now (once the collection in flight, if any, has ended). */
  releaseNow (): Promise<void>
  stop (): void
}

export const RELEASE_EVERY_MS = 2000
const QUIET_BELOW = 0.05
export const RELEASE_GROWTH_BYTES = 8 * 1024 * 1024
/** So that a service under light load (quiet by the event loop, yet always allocating) pauses for it rarely. */
export const RELEASE_AT_MOST_EVERY_MS = 10_000

/** The collection V8 runs when memory runs short: it compacts the heap, shrinks the young generation and frees pages. */
function exposedCollection (): (() => Promise<void>) | undefined {
  const gc = globalThis.gc
  if (gc === undefined) return undefined
  return () => gc({ type: 'major', execution: 'async', flavor: 'last-resort' })
}

export function startMemoryRelease (options: MemoryReleaseOptions = {}): MemoryRelease {
  const collect = options.collect ?? exposedCollection()
  // Held, not used: the young generation's garbage comes and goes within what is held; what grows the heap's hold on
  // memory (a young generation grown under load, old pages filled with garbage) is what a collection gives back.
  const heapHeld = options.heapHeld ?? (() => process.memoryUsage().heapTotal)
  const now = options.now ?? (() => performance.now())
  const utilization = options.utilization ?? eventLoopUtilization()
  const growthBytes = options.growthBytes ?? RELEASE_GROWTH_BYTES
  const quietBelow = options.quietBelow ?? QUIET_BELOW
  const atMostEveryMs = options.atMostEveryMs ?? RELEASE_AT_MOST_EVERY_MS
  // Nothing collected yet: the first quiet look collects whatever it finds. After a releaseNow (the server calls one as
  // it starts listening), what start-up's late work adds waits for the margin like any growth: counting start-up as a
  // burst, so that any growth collects, measured no lower idle RSS (bench/README.md, third pass).
  let heldAfterLast = 0
  let lastAt = -Infinity
  let inFlight: Promise<void> | undefined

  const releaseNow = async () => {
    if (collect === undefined) return
    inFlight ??= collect().finally(() => {
      heldAfterLast = heapHeld()
      inFlight = undefined
    })
    await inFlight
  }
  // Whether the last look found the event loop busy: the first quiet look after a burst of load collects if the heap
  // grew at all, so what the burst left (a young generation grown to its cap) goes back even when a collection
  // during a pause in the burst took the growth below the margin.
  let wasBusy = false
  const look = () => {
    const quiet = utilization() < quietBelow
    const burstEnded = quiet && wasBusy
    wasBusy = !quiet
    const due = now() - lastAt >= atMostEveryMs
    const grown = heapHeld() - heldAfterLast
    if (quiet && due && inFlight === undefined && (grown >= growthBytes || (burstEnded && grown > 0))) {
      lastAt = now()
      void releaseNow()
    }
  }
  const timer = collect === undefined ? undefined : setInterval(look, options.everyMs ?? RELEASE_EVERY_MS)
  timer?.unref()
  return {
    releaseNow,
    stop: () => clearInterval(timer)
  }
}

function eventLoopUtilization (): () => number {
  let previous = performance.eventLoopUtilization()
  return () => {
    const current = performance.eventLoopUtilization()
    const { utilization } = performance.eventLoopUtilization(current, previous)
    previous = current
    return utilization
  }
}
