import zlib from 'node:zlib'
import { BackupError } from './errors'

/** The data folder's lock file (`../lock.ts`): it names the process that held the folder backed up. */
export const LOCK_FILE = 'owe.lock'

type TarEntry = { name: string; start: number; end: number }

const tarField = (header: Buffer, start: number, length: number) =>
  header.toString('latin1', start, start + length).replace(/\0[\s\S]*$/, '')

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
