// SQL of manual_components: what operators set on `manual` components (docs/en/architecture.md#operator-api); no row means operational, and a
// cleared one stays as `operational` with who cleared it.
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

/** The row of one component, if anything was ever set or cleared on it. */
export async function loadManualComponent (db: Kysely<Tables>, component: string): Promise<ManualComponentRow | undefined> {
  return db.selectFrom('manual_components').selectAll().where('component', '=', component).executeTakeFirst()
}

/** Every status set, in code-unit order of the ids. */
export async function loadManualComponents (db: Kysely<Tables>): Promise<ManualComponentRow[]> {
  return db.selectFrom('manual_components').selectAll().orderBy('component').execute()
}
