import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { openDatabase, type Database } from './client'
import { DataDirInUseError, lockDataDir } from './lock'

/**
 * Backups of the embedded database (PGlite): a gzipped tarball of its data folder. PGlite lives inside the
 * server, which holds the folder, so a running server writes backups asked for on its control socket;
 * with no server running the folder is opened here.
 */

export type BackupErrorCode = 'relative_path' | 'bad_target' | 'inside_data_dir' | 'no_database' | 'unreachable' | 'not_a_backup' | 'in_use' | 'not_empty' | 'failed'

/** An expected failure, with the sentence to show. */
export class BackupError extends Error {
  code: BackupErrorCode
  constructor(code: BackupErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

export type BackupResult = { file: string; bytes: number; ms: number; serverPid: number | null }
export type RestoreResult = { file: string; bytes: number; ms: number }

const LOCK_FILE = 'owe.lock'
const MAX_REQUEST_CHARS = 64 * 1024

type ControlRequest = { op: 'backup'; file: string }
type ControlReply = { ok: true; bytes: number; ms: number; pid: number } | { ok: false; code: BackupErrorCode; error: string }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code

const relativePath = (file: string) =>
  new BackupError('relative_path', `Give the backup file as an absolute path, e.g. ${path.resolve(file)} (npm runs this from the project folder, not from where you are).`)

function realFolder(dir: string): string {
  try {
    return fs.realpathSync(dir)
  } catch {
    return path.resolve(dir)
  }
}

/**
 * Where the server holding a data folder listens. Not inside the folder: PGlite's dump reads every file
 * there and fails on a socket. A private per-user folder keeps other users out.
 */
export function controlSocketPath(dataDir: string): string {
  const digest = createHash('sha256').update(realFolder(dataDir)).digest('hex').slice(0, 16)
  return path.join(os.tmpdir(), `owe-${process.getuid?.() ?? 0}`, `${digest}.sock`)
}

/** Why a folder is not one only this user can use (made when asked), or null. */
function privateFolderProblem(dir: string, create: boolean): string | null {
  if (create) {
    try {
      fs.mkdirSync(dir, { mode: 0o700 })
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') return messageOf(error)
    }
  }
  let stat: fs.Stats
  try {
    stat = fs.lstatSync(dir)
  } catch (error) {
    return messageOf(error)
  }
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0) return `${dir} is not a folder that only this user can open`
  return null
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
    throw new BackupError('inside_data_dir', `The backup cannot go into the data folder ${dataDir} (its files are the database): write it elsewhere.`)
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

/** Dumps an open PGlite database into `file`, consistently, while other requests wait. */
export async function writeBackup(database: Database, file: string, dataDir: string): Promise<{ bytes: number; ms: number }> {
  if (database.kind !== 'pglite') throw new BackupError('failed', 'Only the embedded database (PGlite) is backed up this way.')
  const target = backupTarget(file, dataDir)
  const started = performance.now()
  // dumpDataDir() alone waits only for the statement running, not for a transaction between statements.
  // Inside a transaction it holds PGlite's transaction lock, which every query and transaction takes: no
  // write is half done in the copy. CHECKPOINT first: the data files are complete, nothing is left to replay.
  const blob = await database.db.transaction(async (tx) => {
    await tx.execute(sql`CHECKPOINT`)
    return database.dump()
  })
  const bytes = new Uint8Array(await blob.arrayBuffer())
  await writeAtomically(target, bytes)
  return { bytes: bytes.byteLength, ms: Math.round(performance.now() - started) }
}

type Log = { info(message: string): void; warn(message: string): void }

export type ControlChannel = { socketPath: string | null; close(): Promise<void> }

/**
 * Lets `npm run db:backup` reach the server that holds a PGlite data folder: one line of JSON asks
 * ({ op: 'backup', file }), one line answers. Off (with a warning) when the socket cannot be made;
 * the server runs on without it.
 */
export async function startControlChannel(database: Database, dataDir: string, log: Log): Promise<ControlChannel> {
  const off: ControlChannel = { socketPath: null, close: async () => {} }
  if (database.kind !== 'pglite') return off
  if (process.platform === 'win32') {
    log.info('Backups while the server runs need Unix sockets; on Windows stop the server, then run npm run db:backup.')
    return off
  }
  const unreachable = (why: string) => {
    log.warn(`npm run db:backup cannot reach this server (${why}); stop the server to back up.`)
    return off
  }
  const socketPath = controlSocketPath(dataDir)
  const problem = privateFolderProblem(path.dirname(socketPath), true)
  if (problem) return unreachable(problem)

  const inFlight = new Set<Promise<void>>()
  const sockets = new Set<net.Socket>()
  const answer = async (line: string): Promise<ControlReply> => {
    let request: Partial<ControlRequest>
    try {
      request = JSON.parse(line) as Partial<ControlRequest>
    } catch {
      return { ok: false, code: 'failed', error: 'The request is not JSON.' }
    }
    if (request?.op !== 'backup' || typeof request.file !== 'string') return { ok: false, code: 'failed', error: 'Unknown request: expected { "op": "backup", "file": "/absolute/path" }.' }
    try {
      const { bytes, ms } = await writeBackup(database, request.file, dataDir)
      log.info(`Backup written to ${request.file} (${bytes} bytes in ${ms} ms)`)
      return { ok: true, bytes, ms, pid: process.pid }
    } catch (error) {
      log.warn(`Backup to ${request.file} refused or failed: ${messageOf(error)}`)
      return { ok: false, code: error instanceof BackupError ? error.code : 'failed', error: messageOf(error) }
    }
  }
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // A client that hung up early has nobody left to tell.
    socket.on('error', () => socket.destroy())
    socket.setEncoding('utf8')
    let received = ''
    let answered = false
    socket.on('data', (chunk: string) => {
      if (answered) return
      received += chunk
      const end = received.indexOf('\n')
      if (end < 0 && received.length <= MAX_REQUEST_CHARS) return
      // One request per connection.
      answered = true
      const reply = end < 0 ? Promise.resolve<ControlReply>({ ok: false, code: 'failed', error: 'The request is too long.' }) : answer(received.slice(0, end))
      const work = reply.then((body) => void socket.end(`${JSON.stringify(body)}\n`)).finally(() => inFlight.delete(work))
      inFlight.add(work)
    })
  })
  try {
    // The data folder's lock is ours, so a socket left at this path is from a server that died.
    fs.rmSync(socketPath, { force: true })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => {
        server.off('error', reject)
        resolve()
      })
    })
    fs.chmodSync(socketPath, 0o600)
  } catch (error) {
    server.close()
    return unreachable(messageOf(error))
  }
  server.on('error', (error) => log.warn(`Backup control socket: ${error.message}`))
  return {
    socketPath,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      await Promise.allSettled([...inFlight])
      for (const socket of sockets) socket.destroy()
      await closed
      fs.rmSync(socketPath, { force: true })
    },
  }
}

/** Asks the server holding the folder for a backup; null when no server listens for it. */
async function askServer(dataDir: string, file: string): Promise<BackupResult | null> {
  if (process.platform === 'win32') return null
  const socketPath = controlSocketPath(dataDir)
  if (privateFolderProblem(path.dirname(socketPath), false)) return null
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath)
    let connected = false
    let received = ''
    socket.setEncoding('utf8')
    socket.once('connect', () => {
      connected = true
      socket.write(`${JSON.stringify({ op: 'backup', file } satisfies ControlRequest)}\n`)
    })
    socket.on('data', (chunk: string) => (received += chunk))
    socket.once('error', (error) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED'].includes(errnoOf(error) ?? '')) resolve(null)
      else reject(new BackupError('unreachable', `The server stopped answering on ${socketPath}: ${error.message}`))
    })
    socket.once('close', () => {
      if (!connected) return
      let reply: ControlReply
      try {
        reply = JSON.parse(received.split('\n')[0]) as ControlReply
      } catch {
        reject(new BackupError('unreachable', 'The server closed the connection without an answer; its log may say why.'))
        return
      }
      if (reply.ok) resolve({ file, bytes: reply.bytes, ms: reply.ms, serverPid: reply.pid })
      else reject(new BackupError(reply.code, reply.error))
    })
  })
}

/**
 * Backs up the PGlite database in `dataDir` to `file`: through the server when one holds the folder,
 * otherwise by opening the folder here (taking its lock, so a server starting meanwhile waits its turn).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  if (!path.isAbsolute(file)) throw relativePath(file)
  // Opening a folder with no database would make a new, empty one.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError('no_database', `There is no database in ${dataDir} to back up (check OWE_DATA_DIR).`)
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

type TarEntry = { name: string; start: number; end: number }

const tarField = (header: Buffer, start: number, length: number) => header.toString('latin1', start, start + length).replace(/\0[\s\S]*$/, '')

/** The entries of a ustar archive with their byte ranges, or why it is not a whole one. */
function readTar(tar: Buffer): TarEntry[] | string {
  const entries: TarEntry[] = []
  let offset = 0
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) return entries.length > 0 ? entries : 'the archive is empty'
    if (tarField(header, 257, 5) !== 'ustar') return 'it is not a tar archive'
    let sum = 0
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]
    if (sum !== parseInt(tarField(header, 148, 8).trim(), 8)) return 'a header in the archive is damaged'
    const size = parseInt(tarField(header, 124, 12).trim() || '0', 8)
    if (!Number.isSafeInteger(size) || size < 0) return 'a header in the archive is damaged'
    const end = offset + 512 + Math.ceil(size / 512) * 512
    if (end > tar.length) return 'the archive is cut short'
    const prefix = tarField(header, 345, 155)
    const name = `${prefix ? `${prefix}/` : ''}${tarField(header, 0, 100)}`.replace(/^(\.?\/)+/, '').replace(/\/+$/, '')
    if (name.split('/').includes('..')) return `it names a path outside its folder (${name})`
    entries.push({ name, start: offset, end })
    offset = end
  }
  return entries.length > 0 ? 'the archive is cut short' : 'it is not a tar archive'
}

/**
 * The tarball inside a backup, checked entry by entry before anything is written, without our lock file
 * (it names the process that held the folder backed up, which may still run).
 */
export function unpackBackup(packed: Buffer, file: string): Buffer<ArrayBuffer> {
  const refuse = (why: string) => new BackupError('not_a_backup', `${file} is not an Òwe backup: ${why}.`)
  let tar: Buffer
  try {
    tar = zlib.gunzipSync(packed)
  } catch {
    throw refuse('it is not a gzip file, or it is cut short')
  }
  const entries = readTar(tar)
  if (typeof entries === 'string') throw refuse(entries)
  const names = new Set(entries.map((entry) => entry.name))
  if (!names.has('PG_VERSION') || !names.has('global/pg_control')) throw refuse('it holds no database folder')
  const kept = entries.filter((entry) => entry.name !== LOCK_FILE).map((entry) => tar.subarray(entry.start, entry.end))
  return Buffer.concat([...kept, Buffer.alloc(1024)])
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
  if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory()) throw new BackupError('not_empty', `${dataDir} is a file, not a data folder.`)
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
        const { rows } = await client.query<{ migrations: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as migrations`)
        if (!rows[0]?.migrations) throw new BackupError('not_a_backup', `${file} is not an Òwe backup: its database has no migrations table.`)
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
export const describeSize = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`)

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
