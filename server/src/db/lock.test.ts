import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { DataDirInUseError, lockDataDir } from './lock'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'owe-lock-'))

test('a data folder can be locked once; a second lock is refused with a clear message', () => {
  const dir = tempDir()
  const release = lockDataDir(dir)
  expect(fs.readFileSync(path.join(dir, 'owe.lock'), 'utf8')).toBe(String(process.pid))
  expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
  expect(() => lockDataDir(dir)).toThrow(/is already open in this process/)
  release()
  expect(fs.existsSync(path.join(dir, 'owe.lock'))).toBe(false)
  lockDataDir(dir)()
})

test('missing parent folders are created', () => {
  const dir = path.join(tempDir(), 'a', 'b', 'data')
  lockDataDir(dir)()
  expect(fs.existsSync(dir)).toBe(true)
})

test('a lock left by a process that no longer runs is taken over', () => {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, 'owe.lock'), '999999999')
  const release = lockDataDir(dir)
  expect(fs.readFileSync(path.join(dir, 'owe.lock'), 'utf8')).toBe(String(process.pid))
  release()
})

test('a lock held by another running process is refused with its pid', () => {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, 'owe.lock'), String(process.ppid))
  expect(() => lockDataDir(dir)).toThrow(new RegExp(`is in use by another Òwe server \\(pid ${process.ppid}\\)`))
})

test('a lock file naming this very pid, left by an earlier life of the process, is taken over', () => {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, 'owe.lock'), String(process.pid))
  lockDataDir(dir)()
})
