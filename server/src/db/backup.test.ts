import { sql } from 'drizzle-orm'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { backupDataDir, BackupError, controlSocketPath, restoreBackup, startControlChannel, unpackBackup, type ControlChannel } from './backup'
import { openDatabase, type Database } from './client'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'owe-backup-'))
const logged: string[] = []
const log = { info: (message: string) => logged.push(message), warn: (message: string) => logged.push(message) }

let dataDir: string
let database: Database
let channel: ControlChannel
beforeAll(async () => {
  dataDir = path.join(tempDir(), 'data')
  database = await openDatabase({ kind: 'pglite', dataDir })
  await database.migrate()
  await database.db.execute(sql`create table backup_probe (id int primary key, note text not null)`)
  channel = await startControlChannel(database, dataDir, log)
}, 60_000)
afterAll(async () => {
  await channel.close()
  await database.close()
})

/** One raw request on the control socket, as any local program of the same user could send it. */
function ask(line: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(channel.socketPath!)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${line}\n`))
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(JSON.parse(received) as Record<string, unknown>))
  })
}

async function probeRows(folder: string) {
  const restored = await openDatabase({ kind: 'pglite', dataDir: folder })
  try {
    return (await restored.db.execute<{ id: number; note: string }>(sql`select id, note from backup_probe order by id`)).rows
  } finally {
    await restored.close()
  }
}

test('the running server writes a backup asked for on its socket: owner-only, whole, and it restores into a new folder', async () => {
  await database.db.execute(sql`insert into backup_probe values (1, 'before the backup')`)
  const file = path.join(tempDir(), 'owe.tar.gz')
  const result = await backupDataDir(dataDir, file)
  expect(result).toMatchObject({ file, serverPid: process.pid, bytes: fs.statSync(file).size })
  expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  expect(fs.readdirSync(path.dirname(file))).toEqual(['owe.tar.gz'])
  // Only this user can reach the socket; it is not in the data folder, whose every file PGlite dumps.
  expect(fs.statSync(channel.socketPath!).mode & 0o777).toBe(0o600)
  expect(fs.statSync(path.dirname(channel.socketPath!)).mode & 0o777).toBe(0o700)
  expect(channel.socketPath).toBe(controlSocketPath(dataDir))
  expect(fs.readdirSync(dataDir)).not.toContain(path.basename(channel.socketPath!))

  const restoredDir = path.join(tempDir(), 'restored')
  const restored = await restoreBackup(file, restoredDir)
  expect(restored).toMatchObject({ file, bytes: result.bytes })
  // The lock of the folder backed up is not carried over: the copy is free to open.
  expect(fs.readdirSync(restoredDir)).not.toContain('owe.lock')
  expect(await probeRows(restoredDir)).toEqual([{ id: 1, note: 'before the backup' }])
}, 60_000)

test('a backup waits for a transaction in flight, so the copy holds all of it', async () => {
  let finish = () => {}
  const held = new Promise<void>((resolve) => (finish = resolve))
  const transaction = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into backup_probe values (2, 'first half')`)
    await held
    await tx.execute(sql`insert into backup_probe values (3, 'second half')`)
  })
  const file = path.join(tempDir(), 'owe.tar.gz')
  let done = false
  const backup = backupDataDir(dataDir, file).finally(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(done).toBe(false)
  finish()
  await transaction
  await backup
  const restoredDir = path.join(tempDir(), 'restored')
  await restoreBackup(file, restoredDir)
  expect((await probeRows(restoredDir)).map((row) => row.id)).toEqual([1, 2, 3])
}, 60_000)

test('the server refuses a relative path, the data folder, a missing folder and requests it does not know', async () => {
  expect(await ask(JSON.stringify({ op: 'backup', file: 'owe.tar.gz' }))).toMatchObject({ ok: false, code: 'relative_path' })
  expect(await ask(JSON.stringify({ op: 'backup', file: path.join(dataDir, 'owe.tar.gz') }))).toMatchObject({ ok: false, code: 'inside_data_dir' })
  expect(await ask(JSON.stringify({ op: 'backup', file: path.join(dataDir, 'base', 'owe.tar.gz') }))).toMatchObject({ ok: false, code: 'inside_data_dir' })
  expect(await ask(JSON.stringify({ op: 'backup', file: path.join(tempDir(), 'missing', 'owe.tar.gz') }))).toMatchObject({ ok: false, code: 'bad_target' })
  expect(await ask(JSON.stringify({ op: 'drop' }))).toMatchObject({ ok: false, code: 'failed' })
  expect(await ask('not json')).toMatchObject({ ok: false, error: 'The request is not JSON.' })
  expect(logged.filter((line) => line.startsWith('Backup to '))).toHaveLength(4)
})

test('a file that is not a whole backup is refused before anything is written', async () => {
  const refusal = (bytes: Buffer) => {
    try {
      unpackBackup(bytes, 'x.tar.gz')
    } catch (error) {
      return error instanceof BackupError ? error.message : String(error)
    }
    return 'accepted'
  }
  expect(refusal(Buffer.from('hello'))).toBe('x.tar.gz is not an Òwe backup: it is not a gzip file, or it is cut short.')
  expect(refusal(zlib.gzipSync('hello'))).toBe('x.tar.gz is not an Òwe backup: it is not a tar archive.')
  expect(refusal(zlib.gzipSync(Buffer.alloc(2048, 7)))).toBe('x.tar.gz is not an Òwe backup: it is not a tar archive.')

  const tar = zlib.gunzipSync(Buffer.from(await (await database.dump()).arrayBuffer()))
  expect(refusal(zlib.gzipSync(tar))).toBe('accepted')
  expect(refusal(zlib.gzipSync(tar.subarray(0, tar.length / 2)))).toBe('x.tar.gz is not an Òwe backup: the archive is cut short.')
  const damaged = Buffer.from(tar)
  damaged[3] ^= 0xff
  expect(refusal(zlib.gzipSync(damaged))).toBe('x.tar.gz is not an Òwe backup: a header in the archive is damaged.')
  // A tar of something else: its first entry (PG_VERSION here) renamed, checksum fixed.
  const other = Buffer.from(tar)
  other.write('README\0\0\0\0\0', 0, 'latin1')
  other.write('        ', 148, 'latin1')
  let sum = 0
  for (let i = 0; i < 512; i++) sum += other[i]
  other.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  expect(refusal(zlib.gzipSync(other))).toBe('x.tar.gz is not an Òwe backup: it holds no database folder.')
})

test('a restore refuses a folder with anything in it, a folder in use and a relative path, and leaves them as they were', async () => {
  const file = path.join(tempDir(), 'owe.tar.gz')
  await backupDataDir(dataDir, file)
  const full = tempDir()
  fs.writeFileSync(path.join(full, 'notes.txt'), 'mine')
  await expect(restoreBackup(file, full)).rejects.toThrow(`The data folder ${full} is not empty`)
  expect(fs.readdirSync(full)).toEqual(['notes.txt'])

  const busy = tempDir()
  fs.writeFileSync(path.join(busy, 'owe.lock'), String(process.ppid))
  await expect(restoreBackup(file, busy)).rejects.toThrow(`is in use by another Òwe server (pid ${process.ppid})`)
  expect(fs.readdirSync(busy)).toEqual(['owe.lock'])

  await expect(restoreBackup('owe.tar.gz', path.join(tempDir(), 'new'))).rejects.toMatchObject({ code: 'relative_path' })
  const notBackup = path.join(tempDir(), 'notes.tar.gz')
  fs.writeFileSync(notBackup, 'not a backup')
  const fresh = path.join(tempDir(), 'new')
  await expect(restoreBackup(notBackup, fresh)).rejects.toMatchObject({ code: 'not_a_backup' })
  expect(fs.existsSync(fresh)).toBe(false)
})

test('closing the channel removes its socket; a socket file left by a dead server is replaced at start', async () => {
  const other = path.join(tempDir(), 'data')
  const second = await openDatabase({ kind: 'pglite', dataDir: other })
  try {
    const socketPath = controlSocketPath(other)
    fs.writeFileSync(socketPath, 'left behind')
    const started = await startControlChannel(second, other, log)
    expect(started.socketPath).toBe(socketPath)
    expect(fs.statSync(socketPath).isSocket()).toBe(true)
    await started.close()
    expect(fs.existsSync(socketPath)).toBe(false)
  } finally {
    await second.close()
  }
  // With nobody listening, the command opens the folder itself.
  const file = path.join(tempDir(), 'offline.tar.gz')
  expect(await backupDataDir(other, file)).toMatchObject({ file, serverPid: null })
}, 60_000)
