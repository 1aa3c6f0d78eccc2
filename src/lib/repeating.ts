// Background work that runs a round, waits as long as the round's result says, and runs again until stopped; a round
// that fails is reported once when the failing starts and once when it ends, not on every retry.

export interface RepeatingOptions<T> {
  round: () => Promise<T>
  /** Milliseconds to wait before the next round, from this round's result (undefined when it failed). */
  delayAfter: (result: T | undefined) => number
  /** The first failure after success (or after start). */
  onFailing: (error: unknown) => void
  /** The first success after failures. */
  onRecovered: () => void
}

export interface Repeating {
  start (): void
  /** Stops the rounds; waits up to `graceMs` for a round in flight. */
  stop (graceMs?: number): Promise<void>
}

export function repeating<T> (options: RepeatingOptions<T>): Repeating {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = true
  let failing = false

  const loop = async () => {
    let result: T | undefined
    try {
      const round = options.round()
      running = round.catch(() => undefined)
      result = await round
      if (failing) options.onRecovered()
      failing = false
    } catch (error) {
      if (!failing && !stopped) options.onFailing(error)
      failing = true
    }
    if (stopped) return
    timer = setTimeout(() => { void loop() }, options.delayAfter(result))
    timer.unref()
  }

  return {
    start () {
      if (!stopped) return
      stopped = false
      void loop()
    },
    async stop (graceMs = 0) {
      stopped = true
      clearTimeout(timer)
      if (graceMs <= 0) return
      let grace: NodeJS.Timeout | undefined
      await Promise.race([running, new Promise((resolve) => { grace = setTimeout(resolve, graceMs) })])
      clearTimeout(grace)
    }
  }
}
