import fs from 'node:fs'
import path from 'node:path'

/**
 * PGlite takes no lock on its folder, and two processes writing one folder silently lose rows.
 * This lock file (holding the owner's pid) makes a second server refuse to start instead.
 */
export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Folders this process holds, so a second lock from the same process is refused too. */
const held = new Set<string>()

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'owe.lock')
  if (held.has(lockPath)) throw new DataDirInUseError(`The data folder ${dataDir} is already open in this process.`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      held.add(lockPath)
      let released = false
      return () => {
        if (released) return
        released = true
        held.delete(lockPath)
        fs.rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim())
      // Our own pid in the file means a previous life of this process (a container restarted with the same
      // pid on a kept volume): stale, like a pid that no longer runs.
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another Òwe server (pid ${owner}). ` +
            'Stop that server, or set OWE_DATA_DIR to another folder.',
        )
      }
      // The owner is gone (a crash or kill -9): the lock is stale, take it over.
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`)
}
