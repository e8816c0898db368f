import { createHash } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../client'
import { BackupError, errnoOf, messageOf, type BackupErrorCode } from './errors'
import { realFolder, writeBackup, type BackupResult } from './write-backup'

/**
 * PGlite lives inside the server, which holds its data folder, so a running server writes the backups
 * asked for on this Unix socket; `askServer` is the command's side of it.
 */

const MAX_REQUEST_CHARS = 64 * 1024

type ControlRequest = { op: 'backup'; file: string }
type ControlReply = { ok: true; bytes: number; ms: number; pid: number } | { ok: false; code: BackupErrorCode; error: string }

type Log = { info(message: string): void; warn(message: string): void }

export type ControlChannel = { socketPath: string | null; close(): Promise<void> }

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
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0)
    return `${dir} is not a folder that only this user can open`
  return null
}

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
    if (request?.op !== 'backup' || typeof request.file !== 'string')
      return { ok: false, code: 'failed', error: 'Unknown request: expected { "op": "backup", "file": "/absolute/path" }.' }
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
      const reply =
        end < 0
          ? Promise.resolve<ControlReply>({ ok: false, code: 'failed', error: 'The request is too long.' })
          : answer(received.slice(0, end))
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
export async function askServer(dataDir: string, file: string): Promise<BackupResult | null> {
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
