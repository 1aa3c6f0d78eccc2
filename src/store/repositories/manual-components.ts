// SQL of manual_components: what operators set on `manual` components (DESIGN §11); no row means operational.
import type { Kysely, Selectable } from 'kysely'
import type { ManualComponentsTable, Tables } from '../tables.ts'

export type ManualComponentRow = Selectable<ManualComponentsTable>

/** Sets a component's status, replacing what was set before. */
export async function upsertManualComponent (db: Kysely<Tables>, row: ManualComponentRow): Promise<void> {
  await db.insertInto('manual_components').values(row)
    .onConflict((conflict) => conflict.column('component').doUpdateSet((eb) => ({
      status: eb.ref('excluded.status'),
      message: eb.ref('excluded.message'),
      by: eb.ref('excluded.by'),
      updated_at: eb.ref('excluded.updated_at')
    })))
    .execute()
}

/** Clears a component's status (it is operational again); false when nothing was set. */
export async function deleteManualComponent (db: Kysely<Tables>, component: string): Promise<boolean> {
  const result = await db.deleteFrom('manual_components').where('component', '=', component).executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Every status set, in code-unit order of the ids. */
export async function loadManualComponents (db: Kysely<Tables>): Promise<ManualComponentRow[]> {
  return db.selectFrom('manual_components').selectAll().orderBy('component').execute()
}
