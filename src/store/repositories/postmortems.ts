// SQL for post-mortems: publish or replace one (with its notification event, once per incident), withdraw it, read
// them back for the incidents held in memory, and a cheap stamp that moves with every write.
import { sql, type Kysely, type Selectable } from 'kysely'
import type { IncidentPostmortemsTable, Tables } from '../tables.ts'
import { inTransaction } from '../transaction.ts'
import { insertEvent, type NewEvent } from './notifications.ts'

export type PostmortemRow = Selectable<IncidentPostmortemsTable>

/** What a write found: the incident missing, still open, or the post-mortem written (`published` when it is new). */
export type PostmortemWrite = 'unknown' | 'open' | 'published' | 'replaced'

/**
 * Writes incident `incidentId`'s post-mortem in one transaction, if the incident exists and is resolved: a new one gets
 * `published_at = at`; a replacement keeps it, moves `updated_at` and the revision. `event` (built for a new one only)
 * is written with it; its key makes it once per incident, whichever process writes it.
 */
export async function writePostmortem (
  db: Kysely<Tables>, incidentId: number, markdown: string, at: string, by: string | null, event: (publishedAt: string) => NewEvent
): Promise<PostmortemWrite> {
  return inTransaction(db, async (trx) => {
    // A resolved incident stays resolved (updates are refused once it is), so what is read here holds until the commit.
    const incident = await trx.selectFrom('incidents').select(['resolved_at']).where('id', '=', incidentId).executeTakeFirst()
    if (incident === undefined) return 'unknown'
    if (incident.resolved_at === null) return 'open'
    const existing = await trx.selectFrom('incident_postmortems').select(['revision']).where('incident_id', '=', incidentId).executeTakeFirst()
    if (existing === undefined) {
      // Two first writes at once: the loser's insert conflicts and it replaces instead (both keep one published_at).
      const inserted = await trx.insertInto('incident_postmortems')
        .values({ incident_id: incidentId, markdown, published_at: at, updated_at: at, revision: 1, by })
        .onConflict((conflict) => conflict.column('incident_id').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
        await insertEvent(trx, event(at))
        return 'published'
      }
    }
    await trx.updateTable('incident_postmortems')
      .set((eb) => ({ markdown, updated_at: at, by, revision: eb('revision', '+', 1) }))
      .where('incident_id', '=', incidentId)
      .execute()
    return 'replaced'
  })
}

/** Deletes incident `incidentId`'s post-mortem; false when it had none. */
export async function deletePostmortem (db: Kysely<Tables>, incidentId: number): Promise<boolean> {
  const result = await db.deleteFrom('incident_postmortems').where('incident_id', '=', incidentId).executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** The post-mortems of every incident resolved at or after `resolvedSince` (only `onlyId`'s, when given), by incident id. */
export async function loadPostmortems (db: Kysely<Tables>, resolvedSince: string, onlyId?: number): Promise<Map<number, PostmortemRow>> {
  const rows = await db.selectFrom('incident_postmortems as p')
    .innerJoin('incidents as i', 'i.id', 'p.incident_id')
    .select(['p.incident_id', 'p.markdown', 'p.published_at', 'p.updated_at', 'p.revision', 'p.by'])
    .where('i.resolved_at', '>=', resolvedSince)
    .$if(onlyId !== undefined, (query) => query.where('p.incident_id', '=', onlyId!))
    .execute()
  return new Map(rows.map((row) => [row.incident_id, row]))
}

/** Moves with every write of a post-mortem: how many there are, the sum of their revisions and the latest write. */
export async function postmortemsChangeStamp (db: Kysely<Tables>): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`select count(*) as n, sum(revision) as revisions, max(updated_at) as latest
    from incident_postmortems`.execute(db)
  return Object.values(rows[0] ?? {}).map(String).join(',')
}

/**
 * `incidents` with the post-mortems of `byIncident` attached (and none where it has none). An incident whose post-mortem
 * is unchanged keeps its identity, so nothing built from it is built again.
 */
export function withPostmortems<T extends { id: number, postmortem?: PostmortemRow }> (incidents: readonly T[], byIncident: ReadonlyMap<number, PostmortemRow>): T[] {
  return incidents.map((incident) => {
    const postmortem = byIncident.get(incident.id)
    if (samePostmortem(incident.postmortem, postmortem)) return incident
    const { postmortem: _old, ...rest } = incident
    return (postmortem === undefined ? rest : { ...rest, postmortem }) as T
  })
}

function samePostmortem (a: PostmortemRow | undefined, b: PostmortemRow | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return a.revision === b.revision && a.updated_at === b.updated_at && a.markdown === b.markdown && a.published_at === b.published_at && a.by === b.by
}
