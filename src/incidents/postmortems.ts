// Post-mortems: a resolved incident's account of what happened, in Markdown. Publishing one writes its
// `incident.postmortem` notification with it (once per incident); replacing keeps when it was published; withdrawing deletes it.
import type { Kysely } from 'kysely'
import { postmortemEvent } from '../notify/events.ts'
import { affectedComponents } from './component-status.ts'
import { StateConflict, UnknownTarget, type IncidentImpact } from './rules.ts'
import type { Tables } from '../store/tables.ts'
import { deletePostmortem, writePostmortem } from '../store/repositories/postmortems.ts'
import { findIncident, incidentComponents } from '../store/repositories/incidents.ts'

const iso = (ms: number) => new Date(ms).toISOString()

const unknown = (id: number) => new UnknownTarget(`there is no incident ${id}`)

/**
 * Publishes or replaces incident `id`'s post-mortem (`markdown` as checked by checkPostmortem). Refuses an unknown
 * incident (UnknownTarget) and an open one (StateConflict), writing nothing. Returns whether it was new.
 */
export async function publishPostmortem (db: Kysely<Tables>, id: number, markdown: string, now: number, by?: string): Promise<'published' | 'replaced'> {
  const at = iso(now)
  const incident = await findIncident(db, id)
  if (incident === undefined) throw unknown(id)
  if (incident.resolved_at === null) throw openRefusal(id)
  const components = await incidentComponents(db, id)
  const written = await writePostmortem(db, id, markdown, at, by ?? null, (publishedAt) => postmortemEvent({
    id, title: incident.title, impact: incident.impact, status: incident.status, startedAt: incident.started_at, resolvedAt: incident.resolved_at,
    components: affectedComponents(incident.impact as IncidentImpact, components)
  }, { publishedAt, updatedAt: at }, by))
  if (written === 'unknown') throw unknown(id)
  if (written === 'open') throw openRefusal(id)
  return written
}

/** Withdraws incident `id`'s post-mortem; refuses an unknown incident or one that has none (UnknownTarget). */
export async function withdrawPostmortem (db: Kysely<Tables>, id: number): Promise<void> {
  if (await findIncident(db, id) === undefined) throw unknown(id)
  if (!await deletePostmortem(db, id)) throw new UnknownTarget(`incident ${id} has no post-mortem`)
}

function openRefusal (id: number): StateConflict {
  return new StateConflict(`incident ${id} is still open; a post-mortem is published once it is resolved`)
}
