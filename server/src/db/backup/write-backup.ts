import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../client'
import { BackupError, messageOf, relativePath } from './errors'

export type BackupResult = { file: string; bytes: number; ms: number; serverPid: number | null }

/** A folder's real path, or its absolute path while it does not exist yet. */
export function realFolder(dir: string): string {
  try {
    return fs.realpathSync(dir)
  } catch {
    return path.resolve(dir)
  }
}

/** The absolute path a backup is written to, refusing relative paths, missing folders and the data folder. */
function backupTarget(file: string, dataDir: string): string {
  if (!path.isAbsolute(file)) throw relativePath(file)
  const folder = path.dirname(file)
  let realParent: string
  try {
    realParent = fs.realpathSync(folder)
  } catch {
    throw new BackupError('bad_target', `The folder ${folder} does not exist; make it first.`)
  }
  const target = path.join(realParent, path.basename(file))
  const inside = path.relative(realFolder(dataDir), target)
  if (inside === '' || (inside !== '..' && !inside.startsWith(`..${path.sep}`) && !path.isAbsolute(inside))) {
    throw new BackupError(
      'inside_data_dir',
      `The backup cannot go into the data folder ${dataDir} (its files are the database): write it elsewhere.`,
    )
  }
  if (fs.existsSync(target) && !fs.statSync(target).isFile()) throw new BackupError('bad_target', `${file} is a folder, not a file name.`)
  return target
}

/** A temporary file renamed into place: a reader never sees half a backup, an earlier one stays whole until then. */
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    // The backup holds password hashes and sessions: readable by its owner only.
    const handle = await fs.promises.open(temp, 'wx', 0o600)
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.promises.rename(temp, target)
  } catch (error) {
    await fs.promises.rm(temp, { force: true })
    throw new BackupError('failed', `Could not write the backup: ${messageOf(error)}`)
  }
}

/**
 * Dumps an open PGlite database into `file`, consistently, while other requests wait. The consistency is
 * `database.dump()`'s own (a transaction after a CHECKPOINT); wrapping this call in a transaction of ours
 * would deadlock, as the dump's transaction would wait for it.
 */
export async function writeBackup(database: Database, file: string, dataDir: string): Promise<{ bytes: number; ms: number }> {
  if (database.kind !== 'pglite') throw new BackupError('failed', 'Only the embedded database (PGlite) is backed up this way.')
  const target = backupTarget(file, dataDir)
  const started = performance.now()
  const blob = await database.dump()
  const bytes = new Uint8Array(await blob.arrayBuffer())
  await writeAtomically(target, bytes)
  return { bytes: bytes.byteLength, ms: Math.round(performance.now() - started) }
}
