// The operations a CLI command acts through, picked once per command: another instance's operator API with --url /
// STATUS_API_URL, else the configured database. The one place the CLI tells local from remote.
import type { Config } from '../config/index.ts'
import { CLI_LABELS } from '../incidents/input.ts'
import { systemClock } from '../lib/clock.ts'
import { localOperations, type Store } from '../operations/local.ts'
import type { Operations } from '../operations/operations.ts'
import { remoteOperations } from '../operations/remote.ts'
import { openDatabase } from '../store/database.ts'
import { migrate } from '../store/migrate.ts'
import { withExistingDatabase } from './options.ts'
import { remoteOf } from './remote-options.ts'

export function operationsFor (command: string, options: { url?: string, token?: string }, config: Config): Operations {
  const remote = remoteOf(command, options, config)
  return remote === undefined ? localOperations(databaseStore(config), { labels: CLI_LABELS }) : remoteOperations(remote, command)
}

/** The configured database, opened for each operation (only once its input has passed the checks) and closed again. */
function databaseStore (config: Config): Store {
  return {
    declaration: config.status,
    clock: systemClock,
    busyWaitMs: 0, // the CLI's SQLite waits for a lock itself (DatabaseOptions.busyTimeoutMs)
    withDatabase: async (opening, fn) => {
      if (opening !== 'created, migrated') {
        return withExistingDatabase(config, async (database) => {
          if (opening === 'existing, migrated') await migrate(database)
          return fn(database)
        })
      }
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
      try {
        await migrate(database)
        return await fn(database)
      } finally {
        await database.close()
      }
    }
  }
}
