// Open-loop latency sampling for fault tests: a request every few milliseconds whatever the previous ones do, so a
// blocked event loop shows up in every request that waited on it, not only the one in flight.
export interface Samples {
  ms: number[]
  failures: number
}

export async function sampleLatency (url: string, durationMs: number, everyMs = 20): Promise<Samples> {
  const samples: Samples = { ms: [], failures: 0 }
  const pending: Array<Promise<void>> = []
  const end = performance.now() + durationMs
  while (performance.now() < end) {
    const started = performance.now()
    pending.push(fetch(url, { signal: AbortSignal.timeout(10_000) }).then(async (response) => {
      await response.arrayBuffer()
      if (response.ok) samples.ms.push(performance.now() - started)
      else samples.failures++
    }, () => { samples.failures++ }))
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  await Promise.all(pending)
  return samples
}

/** The q-quantile (0..1) of the samples, nearest rank. */
export function quantile (values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN
}
