// SQL of check_leases: a row per lease naming the replica that holds it until when; taken when free or expired.
import type { Kysely } from 'kysely'
import type { Tables } from '../tables.ts'

/**
 * Takes the lease `name` for `holder` until `now + ttlMs`, or renews it when `holder` has it already; true when
 * `holder` holds it now. One statement: two replicas asking at once cannot both get it.
 */
export async function takeLease (db: Kysely<Tables>, name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const result = await db.insertInto('check_leases').values({ name, holder, expires_at: now + ttlMs })
    .onConflict((conflict) => conflict.column('name')
      .doUpdateSet({ holder, expires_at: now + ttlMs })
      .where((eb) => eb.or([eb('check_leases.holder', '=', holder), eb('check_leases.expires_at', '<', now)])))
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}
