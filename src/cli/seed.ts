// `status-api seed --days 90 [--replace]`: a demo history in an empty database, for demos and benchmarks.
import { parseArgs } from 'node:util'
import { HistoryExistsError, seedHistory } from '../demo/seed.ts'
import { openDatabase } from '../store/database.ts'
import { migrate } from '../store/migrate.ts'
import { UsageError, type Command } from './command.ts'
import { plural } from '../view/status-plural.js'

function parseSeedArgs (args: string[]): { days: number, replace: boolean } {
  let values: { days?: string, replace?: boolean }
  try {
    values = parseArgs({ args, options: { days: { type: 'string' }, replace: { type: 'boolean' } }, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError(`seed: ${(error as Error).message.split('\n')[0]}`)
  }
  const days = values.days === undefined ? 90 : Number(values.days)
  if (values.days !== undefined && (!/^\d+$/.test(values.days) || days < 1 || days > 400)) {
    throw new UsageError(`seed: --days must be a whole number from 1 to 400 (got "${values.days}")`)
  }
  return { days, replace: values.replace === true }
}

export const seedCommand: Command = {
  name: 'seed',
  usage: `status-api seed [--days 90] [--replace]

Writes a generated, reproducible history (one check per minute for each declared component: mostly ok,
with degraded spells, short outages, gaps and one day without data) into the configured database, and
its daily rollups.
This is demo data: it refuses a database that already holds health checks, unless --replace is given,
which deletes the existing history first. Point DATA_DIR (or DATABASE_URL) at a separate database.`,
  async run (args, config) {
    const options = parseSeedArgs(args)
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      await migrate(database)
      const { minutes, rows } = await seedHistory(database, { ...options, now: Date.now(), declaration: config.status })
      console.log(`seeded ${minutes} minute checks over ${options.days} ${plural(options.days, 'day', 'days')} (${rows} rows: each component's and the overall status)`)
      return 0
    } catch (error) {
      if (error instanceof HistoryExistsError) {
        console.error(`status-api: seed: ${error.message}`)
        return 1
      }
      throw error
    } finally {
      await database.close()
    }
  }
}
