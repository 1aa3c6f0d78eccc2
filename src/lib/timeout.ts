// Bounds a promise in time: the caller gets a TimeoutError instead of waiting on a hung peer.
export class TimeoutError extends Error {
  override name = 'TimeoutError'
}

export function withTimeout<T> (promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} timed out after ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
