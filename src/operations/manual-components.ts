// The domain operation behind setComponentStatus and clearComponentStatus (./local.ts: `status-api component set|clear`,
// PUT/DELETE /v1/components/{id}/status, Discord's /component set|clear): an operator's status on a component the
// status file declares `check: { manual: true }`.
import type { Kysely } from 'kysely'
import { InvalidInput, checkMessage, printable } from '../incidents/rules.ts'
import { loadManualComponent, upsertManualComponent } from '../store/repositories/manual-components.ts'
import type { Tables } from '../store/tables.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { ManualStatus } from '../monitor/measure.ts'

/** What an operator may set: everything but under_maintenance (maintenance windows say that). */
export const MANUAL_STATUSES: ReadonlyArray<ManualStatus['status']> = ['operational', 'degraded_performance', 'partial_outage', 'major_outage']

export interface ManualComponentInput {
  status: string | undefined
  message?: string | undefined
}

/** Checks the input (declared, manual, a known status, a valid message) and stores it; every replica shows it within 15 s. */
export async function setManualComponent (db: Kysely<Tables>, declaration: StatusDeclaration, id: string, input: ManualComponentInput, now: number, by?: string): Promise<ManualStatus> {
  const set = checkManualStatus(declaration, id, input)
  await upsertManualComponent(db, { component: id, status: set.status, message: set.message ?? null, by: by ?? null, updated_at: new Date(now).toISOString() })
  return set
}

/**
 * Clears what was set: the component is operational again, which its row now says with who cleared it and when (as a
 * set keeps who set it). A component nobody ever set has nothing to clear: nothing is written. Returns false when
 * nothing but operational was set.
 */
export async function clearManualComponent (db: Kysely<Tables>, declaration: StatusDeclaration, id: string, now: number, by?: string): Promise<boolean> {
  checkManualComponent(declaration, id)
  const before = await loadManualComponent(db, id)
  if (before === undefined) return false
  await upsertManualComponent(db, { component: id, status: 'operational', message: null, by: by ?? null, updated_at: new Date(now).toISOString() })
  return before.status !== 'operational' || before.message !== null
}

/** The input as it will be stored, or InvalidInput naming what is wrong; usable before opening the database. */
export function checkManualStatus (declaration: StatusDeclaration, id: string, input: ManualComponentInput): ManualStatus {
  checkManualComponent(declaration, id)
  const { status } = input
  if (status === undefined) throw new InvalidInput(`the status is required (one of ${MANUAL_STATUSES.join(', ')})`)
  if (!(MANUAL_STATUSES as readonly string[]).includes(status)) {
    throw new InvalidInput(`the status must be one of ${MANUAL_STATUSES.join(', ')} (got "${printable(status)}")`)
  }
  const message = input.message === undefined ? undefined : checkMessage('the message', input.message)
  return { status: status as ManualStatus['status'], ...(message === undefined ? {} : { message }) }
}

/** A component declared with `check: { manual: true }`, or InvalidInput naming the ones that are. */
export function checkManualComponent (declaration: StatusDeclaration, id: string): void {
  const manual = declaration.components.filter((component) => component.check.kind === 'manual').map((component) => component.id)
  const declared = declaration.components.find((component) => component.id === id)
  if (declared === undefined) {
    throw new InvalidInput(`"${printable(id)}" is not a declared component (manual ones: ${manual.length === 0 ? 'none' : manual.join(', ')})`)
  }
  if (declared.check.kind !== 'manual') {
    throw new InvalidInput(`"${id}" is measured by its ${declared.check.kind} check; only components declared with check: { manual: true } are set by hand ` +
      `(manual ones: ${manual.length === 0 ? 'none' : manual.join(', ')})`)
  }
}
