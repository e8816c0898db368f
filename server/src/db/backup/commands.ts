import { PGlite } from '@electric-sql/pglite'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase, type Database } from '../client'
import { DataDirInUseError, lockDataDir } from '../lock'
import { LOCK_FILE, unpackBackup } from './archive'
import { askServer, controlSocketPath } from './control-channel'
import { BackupError, messageOf, relativePath } from './errors'
import { writeBackup, type BackupResult } from './write-backup'

/**
 * What `npm run db:backup` and `db:restore` do with the embedded database (PGlite): a gzipped tarball of
 * its data folder, taken by the server holding the folder when one runs, by this process otherwise.
 */

export type RestoreResult = { file: string; bytes: number; ms: number }

/**
 * Backs up the PGlite database in `dataDir` to `file`: through the server when one holds the folder,
 * otherwise by opening the folder here (taking its lock, so a server starting meanwhile waits its turn).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  if (!path.isAbsolute(file)) throw relativePath(file)
  // Opening a folder with no database would make a new, empty one.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError('no_database', `There is no database in ${dataDir} to back up (check OWE_DATA_DIR).`)
  const answered = await askServer(dataDir, file)
  if (answered) return answered
  let database: Database
  try {
    database = await openDatabase({ kind: 'pglite', dataDir })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    // A server that was starting a moment ago may listen now.
    const retried = await askServer(dataDir, file)
    if (retried) return retried
    throw new BackupError(
      'unreachable',
      `${error.message}\nThat server does not answer backup requests on ${controlSocketPath(dataDir)}: it is older than this command, or runs as another user (run this as that user). Restart it, or stop it and back up the folder.`,
    )
  }
  try {
    return { ...(await writeBackup(database, file, dataDir)), file, serverPid: null }
  } finally {
    await database.close()
  }
}

/** Empties a folder this process locked, keeping the lock. */
function emptyFolder(dataDir: string) {
  for (const name of fs.readdirSync(dataDir)) if (name !== LOCK_FILE) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true })
}

/**
 * Restores a backup into an empty (or new) data folder, locked meanwhile so no server starts on it
 * half-written. A folder with anything in it is refused: a restore never replaces a database.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  if (!path.isAbsolute(file)) throw relativePath(file)
  const started = performance.now()
  let packed: Buffer
  try {
    packed = await fs.promises.readFile(file)
  } catch (error) {
    throw new BackupError('not_a_backup', `Cannot read ${file}: ${messageOf(error)}`)
  }
  const tarball = unpackBackup(packed, file)
  if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory())
    throw new BackupError('not_empty', `${dataDir} is a file, not a data folder.`)
  let release: () => void
  try {
    release = lockDataDir(dataDir)
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError('in_use', error.message)
    throw error
  }
  try {
    if (fs.readdirSync(dataDir).some((name) => name !== LOCK_FILE)) {
      throw new BackupError(
        'not_empty',
        `The data folder ${dataDir} is not empty: a backup is restored only into an empty or new folder. Move that folder aside, or set OWE_DATA_DIR to a new one.`,
      )
    }
    try {
      const client = await PGlite.create({ dataDir, loadDataDir: new Blob([tarball], { type: 'application/x-tar' }) })
      try {
        const { rows } = await client.query<{ migrations: string | null }>(
          `select to_regclass('drizzle.__drizzle_migrations')::text as migrations`,
        )
        if (!rows[0]?.migrations)
          throw new BackupError('not_a_backup', `${file} is not an Òwe backup: its database has no migrations table.`)
      } finally {
        await client.close()
      }
    } catch (error) {
      emptyFolder(dataDir)
      if (error instanceof BackupError) throw error
      throw new BackupError('failed', `${file} could not be restored (${messageOf(error)}); ${dataDir} was left empty.`)
    }
    return { file, bytes: packed.length, ms: Math.round(performance.now() - started) }
  } finally {
    release()
  }
}

/** "4.6 MB" */
export const describeSize = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`

/** "1.3 s" */
export const describeDuration = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** What to do instead with PostgreSQL (DATABASE_URL): its own tools, which work while the server runs. */
export function postgresAdvice(file: string): string {
  return [
    'DATABASE_URL is set, so the database is PostgreSQL: back it up and restore it with PostgreSQL’s own tools (the server may keep running):',
    `  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `  pg_restore --no-owner --dbname="$DATABASE_URL" ${file}    (into an empty database)`,
    'npm run db:backup and db:restore handle the embedded database (PGlite, OWE_DATA_DIR) only.',
  ].join('\n')
}
