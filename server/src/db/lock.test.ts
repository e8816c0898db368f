import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { DataDirInUseError, lockDataDir, lockRecord, processStart } from './lock'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'owe-lock-'))
const lockFile = (dir: string) => path.join(dir, 'owe.lock')

/** A live process that is no Òwe server; killed when the test ends. */
function sleeper(onTestFinished: (fn: () => void) => void): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  onTestFinished(() => void child.kill('SIGKILL'))
  return child.pid!
}

test('a data folder can be locked once; a second lock is refused with a clear message', () => {
  const dir = tempDir()
  const release = lockDataDir(dir)
  expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(lockRecord(process.pid))
  expect(fs.readdirSync(dir)).toEqual(['owe.lock'])
  expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
  expect(() => lockDataDir(dir)).toThrow(/is already open in this process/)
  release()
  expect(fs.existsSync(lockFile(dir))).toBe(false)
  lockDataDir(dir)()
})

test('missing parent folders are created', () => {
  const dir = path.join(tempDir(), 'a', 'b', 'data')
  lockDataDir(dir)()
  expect(fs.existsSync(dir)).toBe(true)
})

test('a process is known by its pid and its start: another process, or one that no longer runs, has another or none', ({
  onTestFinished,
}) => {
  expect(processStart(process.pid)).toMatch(/\S/)
  expect(processStart(process.pid)).toBe(processStart(process.pid))
  expect(processStart(sleeper(onTestFinished))).not.toBe(processStart(process.pid))
  expect(processStart(999_999_999)).toBeNull()
  expect(lockRecord(process.pid)).toBe(`${process.pid}\n${processStart(process.pid)}\n`)
})

test('a lock held by another running process is refused with its pid', ({ onTestFinished }) => {
  const dir = tempDir()
  const holder = sleeper(onTestFinished)
  // What a lock file says while its holder runs.
  fs.writeFileSync(lockFile(dir), lockRecord(holder))
  expect(() => lockDataDir(dir)).toThrow(new RegExp(`is in use by another Òwe server \\(pid ${holder}\\)`))
  expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(lockRecord(holder))
})

test('a lock left by a process that no longer runs is taken over', () => {
  const dir = tempDir()
  fs.writeFileSync(lockFile(dir), '999999999\nboot x tick 1\n')
  const release = lockDataDir(dir)
  expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(lockRecord(process.pid))
  release()
})

test('a lock naming a live process that is not its holder (the pid reused, or planted) is taken over', ({ onTestFinished }) => {
  const unrelated = sleeper(onTestFinished)
  const planted = [
    // A bare pid, as an older Òwe wrote it or someone planted it: the test runner's, a sleeping child's.
    String(process.ppid),
    String(unrelated),
    // The holder's pid now belongs to another process, which started later.
    `${unrelated}\n${processStart(process.pid)}\n`,
    // This very pid, left by an earlier life of the process (a container restarted on a kept volume).
    `${process.pid}\nboot x tick 1\n`,
  ]
  for (const text of planted) {
    const dir = tempDir()
    fs.writeFileSync(lockFile(dir), text)
    lockDataDir(dir)()
  }
})

test('a holder killed with SIGKILL leaves a lock that the next start takes over', async () => {
  const dir = tempDir()
  const script = `import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'lock.ts'))}
lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 60_000)`
  const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise((resolve) => holder.stdout.once('data', resolve))
  expect(() => lockDataDir(dir)).toThrow(`is in use by another Òwe server (pid ${holder.pid})`)
  const killed = new Promise((resolve) => holder.once('exit', resolve))
  holder.kill('SIGKILL')
  await killed
  expect(fs.existsSync(lockFile(dir))).toBe(true)
  lockDataDir(dir)()
})

test('a holder that has ended but is not yet reaped by its parent (a zombie) does not count', async ({ onTestFinished }) => {
  // A `sleep` whose parent (another `sleep`, which the shell became) never reads its children's status.
  const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] })
  onTestFinished(() => void parent.kill('SIGKILL'))
  const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))))
  const dir = tempDir()
  fs.writeFileSync(lockFile(dir), lockRecord(pid))
  expect(() => lockDataDir(dir)).toThrow(`(pid ${pid})`)
  // Only once the shell has become `sleep`: a shell still running would reap its child itself.
  await expect.poll(() => fs.readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim()).toBe('sleep')
  process.kill(pid, 'SIGKILL')
  await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0]).toBe('Z')
  lockDataDir(dir)()
})
