import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * PGlite takes no lock on its folder, and two processes writing one folder silently lose rows.
 * This lock file makes a second server refuse to start instead.
 *
 * The file names its holder by pid AND the moment that process started, and a lock counts only while a
 * process with that pid and that start runs. A pid alone is no proof: after a crash (kill -9) the pid is
 * soon another process's — in a container, where pids are few and handed out in the same order at every
 * start, often one of the next start's own (npm, its shell) —, and a stale lock naming it refused the
 * restart. With the start time, a pid taken over by anything else, or written into the file by hand, does
 * not count; the holder itself dies with its process, so a crash never blocks the next start.
 *
 * Why not a lock the kernel releases: Node has no flock or fcntl lock without a native module; a Unix socket
 * cannot sit in the data folder (PGlite's backup reads every file there, and fails on one) and outside it
 * would not be seen by a second container sharing the folder; an abstract socket is Linux-only and per
 * network namespace. The start time comes from /proc on Linux (clock ticks since boot, with the boot's id:
 * a process of an earlier boot never matches) and from `ps` elsewhere (macOS); where neither exists
 * (Windows) a running pid counts, as before.
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

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return fallback
  }
}

const hasProc = fs.existsSync('/proc/self/stat')
const bootId = hasProc ? readOr('/proc/sys/kernel/random/boot_id', '').trim() : ''

/** When process `pid` started, in words only comparable with themselves; null when it does not run. */
export function processStart(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null
  if (hasProc) {
    const stat = readOr(`/proc/${pid}/stat`, '')
    if (!stat) return null
    // The state (field 3) and the start (field 22), counted after the command name (field 2, in parentheses,
    // may hold spaces). A zombie has ended: it only waits for its parent to read its status.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[0] === 'Z' || fields[0] === 'X' ? null : `boot ${bootId} tick ${fields[19]}`
  }
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    return started ? `started ${started}` : null
  } catch (error) {
    // ps says 1 when no such process runs; with no ps at all, a running pid is all there is to go on.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return null
    return isRunning(pid) ? 'running' : null
  }
}

/** What a lock file held by process `pid` says: its pid, then its start. */
export function lockRecord(pid: number): string {
  return `${pid}\n${processStart(pid) ?? ''}\n`
}

/** The pid of the process holding a lock that says `text`; null when that process no longer runs. */
function liveHolder(text: string): number | null {
  const [pidLine, started] = text.split('\n')
  const pid = Number(pidLine.trim())
  // A file with no start (an older Òwe's, or a pid planted by hand) cannot prove its holder: stale.
  return started && processStart(pid) === started ? pid : null
}

/** Folders this process holds, so a second lock from the same process is refused too. */
const held = new Set<string>()

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'owe.lock')
  if (held.has(lockPath)) throw new DataDirInUseError(`The data folder ${dataDir} is already open in this process.`)
  // The record is written aside and linked into place (a link fails if the name exists): another starter
  // never reads a lock half written, and never takes it for stale.
  const draft = `${lockPath}.${process.pid}`
  fs.writeFileSync(draft, lockRecord(process.pid))
  try {
    return takeLock(dataDir, lockPath, draft)
  } finally {
    fs.rmSync(draft, { force: true })
  }
}

/** Links `draft` in as `lockPath`; on a file system without hard links, writes a copy that must be new. */
function link(draft: string, lockPath: string) {
  try {
    fs.linkSync(draft, lockPath)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error
    fs.writeFileSync(lockPath, fs.readFileSync(draft), { flag: 'wx' })
  }
}

function takeLock(dataDir: string, lockPath: string, draft: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      link(draft, lockPath)
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
      const owner = liveHolder(readOr(lockPath, ''))
      if (owner !== null) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another Òwe server (pid ${owner}). ` +
            'Stop that server, or set OWE_DATA_DIR to another folder.',
        )
      }
      // The holder is gone (a crash or kill -9): the lock is stale, take it over.
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`)
}
