// The chat platform's refresh before a round measures `platform` components (or the edge purge watches it): asked when
// due, waited for no longer than a probe.
import { withTimeout } from '../lib/timeout.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'

/**
 * What each round awaits alongside its probes: asks the platform's status to refresh when due, waiting at most
 * `timeoutMs` (the refresh goes on in the background); never rejects. A no-op when no component is a `platform` one
 * and the edge is not purged (`purged`: EDGE_PURGE watches the status, which every replica should hold fresh), or
 * there is no platform status.
 */
export function platformRefresh (declaration: StatusDeclaration, platform: Pick<PlatformStatus, 'current'> | undefined, timeoutMs: number,
  purged = false): () => Promise<void> {
  const wanted = purged || declaration.components.some((c) => c.check.kind === 'platform')
  return async () => {
    if (!wanted || platform === undefined) return
    await withTimeout(Promise.resolve(platform.current()), timeoutMs, 'chat platform status').catch(() => undefined)
  }
}
