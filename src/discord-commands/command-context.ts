// What the command handlers work with: the store the CLI writes to, the one status model, the incidents in memory,
// the declaration, and the manual-component operations when this instance has them.
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { DiscordCommandsConfig } from '../config.ts'
import type { IncidentsService } from '../incidents/service.ts'
import type { Clock } from '../lib/clock.ts'
import type { SiteLinks } from '../publish/links.ts'
import type { StatusDeclaration } from '../status/declaration.ts'
import type { StatusService } from '../status/service.ts'
import type { Tables } from '../store/tables.ts'

/** A manual component's status as an operator sets it (DESIGN §11, `PUT /v1/components/{id}/status`). */
export interface ManualComponentStatus {
  status: string
  message?: string
}

/**
 * The operations behind `PUT` / `DELETE /v1/components/{id}/status` (src/status/manual-components.ts), the same for
 * the operator API and Discord; each refuses what is not a declared manual component with an InvalidInput.
 */
export interface ManualComponentOperations {
  setManualComponent (db: Kysely<Tables>, declaration: StatusDeclaration, id: string, value: ManualComponentStatus, now: number, by?: string): Promise<unknown>
  clearManualComponent (db: Kysely<Tables>, declaration: StatusDeclaration, id: string, now: number, by?: string): Promise<unknown>
  /** Makes this replica show a change at once (it reads the manual statuses again); the others show it within their refresh. */
  shown?: () => Promise<unknown>
}

export interface CommandContext {
  discord: Pick<DiscordCommandsConfig, 'operatorGuildId' | 'operatorRoleIds'>
  db: Kysely<Tables>
  declaration: StatusDeclaration
  status: StatusService
  incidents: IncidentsService
  clock: Clock
  logger: Logger
  /** Links to the public pages; undefined without PUBLIC_BASE_URL (answers then carry none). */
  links: SiteLinks | undefined
  manualComponents: ManualComponentOperations | undefined
  /** How long a write waits for a busy database. */
  busyWaitMs: number
}
