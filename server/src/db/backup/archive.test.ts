import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { openDatabase } from '../client'
import { unpackBackup } from './archive'
import { BackupError } from './errors'

/** A real PGlite data folder as a tar, the way a backup holds it. */
async function dataDirTar(): Promise<Buffer> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'owe-backup-')), 'data') })
  try {
    return zlib.gunzipSync(Buffer.from(await (await database.dump()).arrayBuffer()))
  } finally {
    await database.close()
  }
}

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

  const tar = await dataDirTar()
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
}, 60_000)
