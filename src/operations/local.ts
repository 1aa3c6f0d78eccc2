// The operations (./operations.ts) on this instance's store: the shared input checks (src/incidents/input.ts and the
// domain's own), all of them before the database is opened, then the domain's operations on it, answered as the
// operator API answers. The CLI on the server, the operator API and Discord commands act through these.
import type { Kysely } from 'kysely'
import { heartbeatsProblem, reportHeartbeats } from '../bot/heartbeat-reporter.ts'
import { parseShardRanges } from '../bot/shard-ranges.ts'
import { checkPush, recordPush, type PushStatus } from '../checks/push.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { checkIncidentUpdate, checkOpenIncident, checkResolveMessage, checkWindowOrSeries, type InputLabels } from '../incidents/input.ts'
import { createSeries, endSeries, seriesView } from '../incidents/series.ts'
import { findSeries, loadSeries } from '../store/repositories/maintenance-series.ts'
import { inTransaction } from '../store/transaction.ts'
import { endMaintenance, openIncident, resolveIncident, scheduleMaintenance, updateIncident } from '../incidents/writes.ts'
import { InvalidInput, UnknownTarget, checkPostmortem, printable } from '../incidents/rules.ts'
import type { Clock } from '../lib/clock.ts'
import { retryWhileBusy } from '../store/busy-retry.ts'
import type { Database } from '../store/database.ts'
import { deleteBotHeartbeats } from '../store/repositories/bot-heartbeats.ts'
import { loadIncidents } from '../store/repositories/incidents.ts'
import { loadPostmortems, withPostmortems } from '../store/repositories/postmortems.ts'
import { publishPostmortem, withdrawPostmortem } from '../incidents/postmortems.ts'
import { findMaintenance, loadMaintenances } from '../store/repositories/maintenances.ts'
import type { Tables } from '../store/tables.ts'
import { checkManualComponent, checkManualStatus, clearManualComponent, setManualComponent } from './manual-components.ts'
import type { Operations } from './operations.ts'
import { uptimePolicy } from '../declaration/declaration.ts'
import { loadUptimeData } from '../monitor/uptime-data.ts'
import { buildUptimeReport, reportQuery } from './uptime-report.ts'
import type { OperatorIncident } from './answers.ts'
import { listedIncidents, listedSince, listedWindowsSince, operatorIncident, operatorMaintenance } from './view.ts'

/**
 * How a store that opens the database for each operation (the CLI's) opens it: `existing` refuses to create one where
 * there is none (a mistyped DATA_DIR); `migrated` brings its schema up to date first; `created` makes it when it is
 * missing (a bot's shards may report before the server first starts).
 */
export type Opening = 'existing' | 'existing, migrated' | 'created, migrated'

/** Where the local operations read and write. */
export interface Store {
  declaration: StatusDeclaration
  clock: Clock
  /**
   * Runs `fn` on the database; a store that opens it for each operation opens it as `opening` says. A write's `fn`
   * returns the operation's whole answer: with an Idempotency-Key, that is what is kept for a retry.
   */
  withDatabase<T> (opening: Opening, fn: (database: Database) => Promise<T>): Promise<T>
  /** How long a write waits for a database another process holds locked (Discord's commands); 0: not at all. */
  busyWaitMs: number
}

/** A running instance's store: the database it holds open, migrated at its start. */
export function openStore (database: Database, declaration: StatusDeclaration, clock: Clock, busyWaitMs = 0): Store {
  return { declaration, clock, busyWaitMs, withDatabase: (_opening, fn) => fn(database) }
}

/** Incident `id` as the operations answer with it, or undefined when there is none (listed for 90 days after it resolved). */
export async function loadOperatorIncident (db: Kysely<Tables>, id: number, now: number): Promise<OperatorIncident | undefined> {
  const [incidents, postmortems] = await Promise.all([loadIncidents(db, listedSince(now), id), loadPostmortems(db, listedSince(now), id)])
  const [row] = withPostmortems(incidents, postmortems)
  return row === undefined ? undefined : operatorIncident(row)
}

export interface Acting {
  /** How refusals name each input: `--title` (the CLI), `title` (the operator API), a Discord option's name. */
  labels: InputLabels
  /** Who acts (a token's name, a Discord user), recorded with every change; nobody for the CLI on the server. */
  by?: string
}

export function localOperations (store: Store, { labels, by }: Acting): Operations {
  const reportLabels = { month: labels.month ?? 'month', component: labels.component }
  const { declaration, clock } = store
  const write = <T>(operation: () => Promise<T>) => retryWhileBusy(operation, store.busyWaitMs)
  const withBy = <T extends object>(input: T): T => by === undefined ? input : { ...input, by }
  const incident = async (database: Database, id: number) => (await loadOperatorIncident(database.db, id, clock.now()))!
  // A post-mortem's incident may have resolved more than 90 days ago: it is written, but no longer listed.
  const shownIncident = async (database: Database, id: number) => {
    const found = await loadOperatorIncident(database.db, id, clock.now())
    if (found === undefined) throw new UnknownTarget(`incident ${id} resolved more than 90 days ago and is no longer listed`)
    return found
  }
  const maintenance = async (database: Database, id: number, now: number) => operatorMaintenance((await findMaintenance(database.db, id))!, now)

  return {
    async openIncident (input) {
      const checked = withBy(checkOpenIncident(input, declaration, labels))
      return store.withDatabase('existing', async (database) => {
        const id = await write(() => openIncident(database.db, checked, clock.now()))
        return incident(database, id)
      })
    },

    async updateIncident (id, input) {
      const checked = withBy(checkIncidentUpdate(input, declaration, labels))
      return store.withDatabase('existing', async (database) => {
        await write(() => updateIncident(database.db, id, checked, clock.now()))
        return incident(database, id)
      })
    },

    async resolveIncident (id, message) {
      const checked = checkResolveMessage(message, labels)
      return store.withDatabase('existing', async (database) => {
        await write(() => resolveIncident(database.db, id, checked, clock.now(), by))
        return incident(database, id)
      })
    },

    async publishPostmortem (id, markdown) {
      const checked = checkPostmortem(labels.markdown ?? 'markdown', markdown)
      return store.withDatabase('existing', async (database) => {
        await write(() => publishPostmortem(database.db, id, checked, clock.now(), by))
        return shownIncident(database, id)
      })
    },

    async withdrawPostmortem (id) {
      return store.withDatabase('existing', async (database) => {
        await write(() => withdrawPostmortem(database.db, id))
        return shownIncident(database, id)
      })
    },

    async listIncidents (state) {
      const now = clock.now()
      const since = listedSince(now)
      const rows = await store.withDatabase('existing', async (database) => {
        const [incidents, postmortems] = await Promise.all([loadIncidents(database.db, since), loadPostmortems(database.db, since)])
        return withPostmortems(incidents, postmortems)
      })
      return listedIncidents(rows, now, state)
    },

    async scheduleMaintenance (input) {
      const now = clock.now()
      const checked = checkWindowOrSeries(input, declaration, now, labels)
      return store.withDatabase('existing', async (database) => {
        if (checked.window !== undefined) {
          const id = await write(() => scheduleMaintenance(database.db, withBy(checked.window), now))
          return maintenance(database, id, now)
        }
        const created = await write(() => inTransaction(database.db, (trx) => createSeries(trx, checked.series, now, by)))
        // checkWindowOrSeries made sure the rule gives an occurrence after now: the first is written with the series

        const series = seriesView((await findSeries(database.db, created.id))!, now)
        return { ...await maintenance(database, created.first!, now), series }
      })
    },

    async getSeries (id) {
      const now = clock.now()
      const row = await store.withDatabase('existing', (database) => findSeries(database.db, id))
      if (row === undefined) throw new InvalidInput(`there is no maintenance series ${printable(id)}`)
      return seriesView(row, now)
    },

    async endSeries (id) {
      const now = clock.now()
      return store.withDatabase('existing', async (database) => {
        await write(() => inTransaction(database.db, (trx) => endSeries(trx, id, now, by)))
        return seriesView((await findSeries(database.db, id))!, now)
      })
    },

    async listSeries () {
      const now = clock.now()
      const since = listedWindowsSince(now)
      const rows = await store.withDatabase('existing', (database) => loadSeries(database.db))
      return rows.filter((row) => row.ended_at === null || row.ended_at > since).map((row) => seriesView(row, now))
    },

    async endMaintenance (id) {
      return store.withDatabase('existing', async (database) => {
        const now = clock.now()
        const was = await write(() => endMaintenance(database.db, id, now, by))
        return { ...await maintenance(database, id, now), was: was === 'scheduled' ? 'scheduled' as const : 'active' as const }
      })
    },

    async listMaintenance () {
      const now = clock.now()
      return (await store.withDatabase('existing', (database) => loadMaintenances(database.db, listedWindowsSince(now)))).map((row) => operatorMaintenance(row, now))
    },

    async setComponentStatus (id, input) {
      checkManualStatus(declaration, id, input)
      return store.withDatabase('existing', async (database) => {
        const set = await write(() => setManualComponent(database.db, declaration, id, input, clock.now(), by))
        return { id, status: set.status, message: set.message ?? null, by: by ?? null }
      })
    },

    async clearComponentStatus (id) {
      checkManualComponent(declaration, id)
      return store.withDatabase('existing', async (database) => {
        await write(() => clearManualComponent(database.db, declaration, id, clock.now(), by))
        return { id, status: 'operational' as const, message: null, by: by ?? null }
      })
    },

    async reportHeartbeats (reports) {
      const problem = heartbeatsProblem(reports)
      if (problem !== undefined) throw new InvalidInput(problem)
      return store.withDatabase('created, migrated', async (database) => ({ recorded: await write(() => reportHeartbeats(database, reports)) }))
    },

    async forgetShards (shards) {
      const ranges = parseShardRanges(shards)
      if (typeof ranges === 'string') throw new InvalidInput(ranges)
      return store.withDatabase('existing, migrated', async (database) => ({ forgotten: await write(() => deleteBotHeartbeats(database, ranges)) }))
    },

    async push (component, input) {
      const now = clock.now()
      checkPush(declaration, component, input, now, by)
      return store.withDatabase('existing, migrated', async (database) => {
        const row = await write(() => recordPush(database.db, declaration, component, input, now, by))
        return { component, status: row.status as PushStatus, latencyMs: row.latencyMs, message: row.message, at: new Date(row.checkedAt).toISOString() }
      })
    },

    async uptimeReport (input) {
      const now = clock.now()
      const query = reportQuery(input, declaration.components.map((component) => component.id), now, reportLabels)
      const named = declaration.components.map((component) => ({ id: component.id, name: component.name.en }))
      return store.withDatabase('existing, migrated', async (database) => {
        const data = await loadUptimeData(database, now, query.components)
        return buildUptimeReport(data, query, uptimePolicy(declaration), named, input.month)
      })
    }
  }
}
