// `status-api migrate`: bring the database schema up to date and say what was applied.
import { openDatabase } from '../store/database.ts'
import { migrate } from '../store/migrate.ts'
import type { Command } from './command.ts'
import { parseCommandLine } from './options.ts'

export const migrateCommand: Command = {
  name: 'migrate',
  usage: `status-api migrate

Applies pending migrations to the configured database (SQLite under DATA_DIR, or DATABASE_URL).
Safe to run again, and while the server runs. serve also migrates at start.`,
  async run (args, config) {
    parseCommandLine('migrate', args, []) // it takes no options: a mistyped one is refused (exit 2), not ignored
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      const { applied } = await migrate(database)
      console.log(applied.length === 0 ? 'schema is up to date' : `applied: ${applied.join(', ')}`)
      return 0
    } finally {
      await database.close()
    }
  }
}
