import { loadConfig, type Config } from '../config'
import { openDatabase, type Database } from '../db/client'
import { DataDirInUseError } from '../db/lock'
import { seed } from '../db/seed/seed'

/**
 * The database the server uses (DATABASE_URL, else PGlite in OWE_DATA_DIR), migrated and seeded as at
 * startup, for the command-line tools. PGlite allows one process: while the server runs, this fails.
 */
export async function openForCli(): Promise<{ config: Config; database: Database }> {
  const config = loadConfig()
  let database: Database
  try {
    database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    )
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `${error.message}\nThe embedded database (PGlite) can be open in one process only: stop the server first, run this again, then start the server. With PostgreSQL (DATABASE_URL) the server may keep running.`,
      )
    }
    throw error
  }
  try {
    await database.migrate()
    await seed(database.db)
  } catch (error) {
    await database.close()
    throw error
  }
  return { config, database }
}

/** Runs a tool: its error printed plainly (no stack for the expected ones), exit code 1. */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
