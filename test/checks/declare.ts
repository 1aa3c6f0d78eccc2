// Test helpers for the check runner's parts: a status file's components loaded from YAML, and a migrated SQLite file.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestContext } from 'node:test'
import { probedComponents, pushedComponents } from '../../src/checks/declared-checks.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { tempDir } from '../helper.ts'

/** The declared components of a status file with these `components:` lines. */
export function declare (t: TestContext, components: string) {
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, `components:\n${components}\n`)
  const declaration = loadStatusFile(file, {})
  return { declaration, probed: probedComponents(declaration), pushed: pushedComponents(declaration) }
}

/** A SQLite file closed after the test; migrated unless told otherwise. */
export async function sqlite (t: TestContext, migrated = true): Promise<Database> {
  const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
  t.after(() => database.close())
  if (migrated) await migrate(database)
  return database
}
