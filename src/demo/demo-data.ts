// Writes the demo's data: 90 days of generated history, a few incidents and maintenance windows. Demo only:
// it replaces the history of the database it is given, so the demo runs on a database of its own.
import type { Database } from '../store/database.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { openIncident, resolveIncident, scheduleMaintenance, updateIncident } from '../incidents/writes.ts'
import { seedHistory } from './seed.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The history shows what the incidents tell, and nothing else goes down: the bot down until the failover was
 * fixed and degraded until resolved, the cache restarting while the dashboard was slow, a few shards lagging now.
 */
function demoOutages (now: number) {
  return [
    { from: now - 12 * DAY, to: now - 12 * DAY + 45 * MINUTE, status: { bot: 'down' as const } },
    { from: now - 12 * DAY + 45 * MINUTE, to: now - 12 * DAY + 2 * HOUR, status: { bot: 'degraded' as const } },
    { from: now - 40 * DAY, to: now - 40 * DAY + 3 * HOUR, status: { cache: 'down' as const } },
    { from: now - 25 * MINUTE, to: now, status: { bot: 'degraded' as const } }
  ]
}

/**
 * The incidents and windows name the example file's components (examples/status.yaml): the minor incident music, the
 * active window the dashboard, so the page reads minor, one component degraded, one under maintenance. Ids the given
 * declaration does not have are left out (a demo over an operator's own file names only what it declares). The
 * declared components get a generated history too.
 */
export async function writeDemoData (database: Database, now: number, declaration: StatusDeclaration): Promise<void> {
  await seedHistory(database, { days: 90, now, replace: true, outages: demoOutages(now), declaration })
  const { db } = database
  const declared = new Set(declaration.components.map((component) => component.id))
  const named = (...ids: string[]) => ids.filter((id) => declared.has(id))
  const affects = (...ids: string[]) => named(...ids).map((id) => ({ id }))

  const outage = await openIncident(db, { title: 'Bot not answering commands', impact: 'major', status: 'investigating', message: 'Commands time out for many servers. We are investigating.', components: affects('bot') }, now - 12 * DAY)
  await updateIncident(db, outage, { status: 'identified', message: 'A database failover left the bot without connections.' }, now - 12 * DAY + 20 * MINUTE)
  await updateIncident(db, outage, { status: 'monitoring', message: 'Connections are restored; we are watching closely.' }, now - 12 * DAY + 45 * MINUTE)
  await resolveIncident(db, outage, 'All shards have been connected for an hour.', now - 12 * DAY + 2 * HOUR)

  const slow = await openIncident(db, { title: 'Slow dashboard for some users', impact: 'minor', status: 'investigating', message: 'Pages of the dashboard take several seconds to load.', components: affects('dashboard') }, now - 40 * DAY)
  await resolveIncident(db, slow, 'A cache setting was corrected.', now - 40 * DAY + 3 * HOUR)

  await openIncident(db, { title: 'Music commands delayed in Europe', impact: 'minor', status: 'identified', message: 'Voice nodes in Europe are overloaded; we are adding capacity.', components: affects('music') }, now - 25 * MINUTE)

  await scheduleMaintenance(db, { title: 'Dashboard maintenance', message: 'The dashboard may be unavailable; the bot keeps running.', startsAt: now - 10 * MINUTE, endsAt: now + 50 * MINUTE, components: named('dashboard') }, now - DAY)
  await scheduleMaintenance(db, { title: 'Network provider upgrade', message: 'Short reconnects are possible.', startsAt: now + 3 * DAY, endsAt: now + 3 * DAY + 2 * HOUR, components: named('bot') }, now)
}
