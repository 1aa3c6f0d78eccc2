// Shares one in-flight call among concurrent callers: N callers at once cause one call of `fn`.
export function singleFlight<T> (fn: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  return () => {
    inFlight ??= fn().finally(() => { inFlight = undefined })
    return inFlight
  }
}
