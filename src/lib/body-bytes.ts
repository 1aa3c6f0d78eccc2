// Bodies' bytes live outside V8's heap, and V8 times its young-generation collections by what its heap allocates: a
// burst of large bodies made for one request each (every Host seen once gets its own copy of the 270 KB OpenAPI
// document, for ~12 KB of objects) piled up 8–13 MiB of bytes already sent between two of them. After every few MiB of
// large body bytes made, a collection of the young generation frees those of bodies already dropped
// (bench/README.md#footprint). Needs Node's `--expose-gc` (src/node-flags.ts); without it, nothing happens.

/** Body bytes made between two collections asked for here: ~15 one-off OpenAPI copies, or ~60 status pages. */
export const COLLECT_AFTER_BYTES = 4 * 1024 * 1024
/**
 * Smaller bodies (search answers, JSON bodies) are not counted: each comes with more objects than bytes, so V8's own
 * collections keep up with them, and collecting for them promoted requests still in flight to the old generation.
 */
export const COUNT_FROM_BYTES = 16 * 1024

/** A counter of large body bytes made that runs `collect` each time `afterBytes` more of them have been made. */
export function bodyBytesCounter (afterBytes = COLLECT_AFTER_BYTES, collect = youngCollection()): (bytes: number) => void {
  let made = 0
  return (bytes) => {
    if (bytes < COUNT_FROM_BYTES || collect === undefined) return
    made += bytes
    if (made < afterBytes) return
    made = 0
    collect()
  }
}

/**
 * A scavenge of the young generation, when Node exposes V8's collections: it copies only what survives (in the hostile
 * run's 20,000 Hosts, 184 of them took 0.43 ms at the median and 2.9 ms at most).
 */
function youngCollection (): (() => void) | undefined {
  const gc = globalThis.gc
  if (gc === undefined) return undefined
  return () => { gc({ type: 'minor' }) }
}

/** The process's counter: src/lib/serialized.ts counts every body's bytes as they are made. */
export const bodyBytesMade = bodyBytesCounter()
