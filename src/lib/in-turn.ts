// Work that must not overlap for one key (one Discord server's follows) within this process: each call starts when the
// ones before it of the same key have finished, whether they succeeded or not.
export function inTurns (): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const result = (tails.get(key) ?? Promise.resolve()).then(work, work)
    const tail = result.then(() => undefined, () => undefined)
    tails.set(key, tail)
    // The map holds only keys with work waiting or running.
    void tail.then(() => { if (tails.get(key) === tail) tails.delete(key) })
    return result
  }
}
