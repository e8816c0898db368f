import { sql } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase, type Database } from '../client'
import { backupDataDir, restoreBackup } from './commands'
import { controlSocketPath, startControlChannel, type ControlChannel } from './control-channel'
import { lockRecord } from '../lock'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'owe-backup-'))
const log = { info: () => {}, warn: () => {} }

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

async function probeIds(opened: Database) {
  try {
    return (await opened.db.execute<{ id: number }>(sql`select id from backup_probe order by id`)).rows.map((row) => row.id)
  } finally {
    await opened.close()
  }
}
const restoredIds = async (folder: string) => probeIds(await openDatabase({ kind: 'pglite', dataDir: folder }))

/** A transaction that has written its first half and waits to be told to write the second. */
function heldTransaction(first: number, second: number) {
  let finish = () => {}
  const held = new Promise<void>((resolve) => (finish = resolve))
  const done = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into backup_probe values (${first}, 'first half')`)
    await held
    await tx.execute(sql`insert into backup_probe values (${second}, 'second half')`)
  })
  return { finish, done }
}

/** Whether a promise is still pending after half a second. */
async function stillWaiting(promise: Promise<unknown>) {
  let settled = false
  void promise.finally(() => (settled = true))
  await new Promise((resolve) => setTimeout(resolve, 500))
  return !settled
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
  expect(await restoredIds(restoredDir)).toEqual([1])
}, 60_000)

test('a backup waits for a transaction in flight, so the copy holds all of it', async () => {
  const transaction = heldTransaction(2, 3)
  const file = path.join(tempDir(), 'owe.tar.gz')
  const backup = backupDataDir(dataDir, file)
  expect(await stillWaiting(backup)).toBe(true)
  transaction.finish()
  await transaction.done
  await backup
  const restoredDir = path.join(tempDir(), 'restored')
  await restoreBackup(file, restoredDir)
  expect(await restoredIds(restoredDir)).toEqual([1, 2, 3])
}, 60_000)

test('dump() itself is what waits: the one lock a backup takes, so nothing around it can deadlock', async () => {
  const transaction = heldTransaction(4, 5)
  const dump = database.dump()
  expect(await stillWaiting(dump)).toBe(true)
  transaction.finish()
  await transaction.done
  expect(await probeIds(await openDatabase({ kind: 'pglite-memory', loadDataDir: await dump }))).toEqual([1, 2, 3, 4, 5])
}, 60_000)

test('a restore refuses a folder with anything in it, a folder in use and a relative path, and leaves them as they were', async () => {
  const file = path.join(tempDir(), 'owe.tar.gz')
  await backupDataDir(dataDir, file)
  const full = tempDir()
  fs.writeFileSync(path.join(full, 'notes.txt'), 'mine')
  await expect(restoreBackup(file, full)).rejects.toThrow(`The data folder ${full} is not empty`)
  expect(fs.readdirSync(full)).toEqual(['notes.txt'])

  const busy = tempDir()
  // What the lock file says while a server (here: any process that runs) holds the folder.
  fs.writeFileSync(path.join(busy, 'owe.lock'), lockRecord(process.ppid))
  await expect(restoreBackup(file, busy)).rejects.toThrow(`is in use by another Òwe server (pid ${process.ppid})`)
  expect(fs.readdirSync(busy)).toEqual(['owe.lock'])

  await expect(restoreBackup('owe.tar.gz', path.join(tempDir(), 'new'))).rejects.toMatchObject({ code: 'relative_path' })
  const notBackup = path.join(tempDir(), 'notes.tar.gz')
  fs.writeFileSync(notBackup, 'not a backup')
  const fresh = path.join(tempDir(), 'new')
  await expect(restoreBackup(notBackup, fresh)).rejects.toMatchObject({ code: 'not_a_backup' })
  expect(fs.existsSync(fresh)).toBe(false)
})

test('with no server listening, the command opens the folder itself', async () => {
  const other = path.join(tempDir(), 'data')
  await (await openDatabase({ kind: 'pglite', dataDir: other })).close()
  const file = path.join(tempDir(), 'offline.tar.gz')
  expect(await backupDataDir(other, file)).toMatchObject({ file, serverPid: null })
}, 60_000)
