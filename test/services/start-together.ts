// Starts test services side by side; when one fails to start, stops the ones that did and rethrows, so a suite whose
// before() fails leaves no server or child process behind that would keep the test run alive forever.

/** A started service: stopped by destroy() (databases, Redis: their folders go too), close() (HTTP servers) or stop() (app processes). */
export type StartedService = { destroy (): unknown } | { close (): unknown } | { stop (): unknown }

export async function startTogether<T extends readonly StartedService[]> (...starts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starts)
  const failed = settled.find((result) => result.status === 'rejected')
  if (failed === undefined) return settled.map((result) => (result as PromiseFulfilledResult<StartedService>).value) as unknown as T
  await Promise.allSettled(settled.map(async (result) => {
    if (result.status !== 'fulfilled') return
    const service = result.value
    await ('destroy' in service ? service.destroy() : 'close' in service ? service.close() : service.stop())
  }))
  throw failed.reason
}
