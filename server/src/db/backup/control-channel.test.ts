import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase, type Database } from '../client'
import { controlSocketPath, startControlChannel, type ControlChannel } from './control-channel'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'owe-backup-'))
const logged: string[] = []
const log = { info: (message: string) => logged.push(message), warn: (message: string) => logged.push(message) }

let dataDir: string
let database: Database
let channel: ControlChannel
beforeAll(async () => {
  dataDir = path.join(tempDir(), 'data')
  database = await openDatabase({ kind: 'pglite', dataDir })
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

test('the server refuses a relative path, the data folder, a missing folder and requests it does not know', async () => {
  expect(await ask(JSON.stringify({ op: 'backup', file: 'owe.tar.gz' }))).toMatchObject({ ok: false, code: 'relative_path' })
  expect(await ask(JSON.stringify({ op: 'backup', file: path.join(dataDir, 'owe.tar.gz') }))).toMatchObject({
    ok: false,
    code: 'inside_data_dir',
  })
  expect(await ask(JSON.stringify({ op: 'backup', file: path.join(dataDir, 'base', 'owe.tar.gz') }))).toMatchObject({
    ok: false,
    code: 'inside_data_dir',
  })
  expect(await ask(JSON.stringify({ op: 'backup', file: path.join(tempDir(), 'missing', 'owe.tar.gz') }))).toMatchObject({
    ok: false,
    code: 'bad_target',
  })
  expect(await ask(JSON.stringify({ op: 'drop' }))).toMatchObject({ ok: false, code: 'failed' })
  expect(await ask('not json')).toMatchObject({ ok: false, error: 'The request is not JSON.' })
  expect(logged.filter((line) => line.startsWith('Backup to '))).toHaveLength(4)
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
}, 60_000)
