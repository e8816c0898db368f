import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type RunningServer = {
  url: string
  dataDir: string
  /** The process started: the server, or `npm start` with the server under it. */
  pid: number
  /** SIGTERM (or the signal given), then the exit code once the process has ended. */
  stop(signal?: 'SIGTERM' | 'SIGINT'): Promise<number | null>
  /** SIGSTOP: the server hangs (connections open, nothing answers), as on a bus between masts; `resume` undoes it. */
  pause(): void
  resume(): void
  output(): string
}

// The data folders made here are removed when the test process ends: a server that a test stops and
// starts again on the same folder keeps it until then.
const madeHere = new Set<string>()
process.once('exit', () => {
  for (const dir of madeHere) fs.rmSync(dir, { recursive: true, force: true })
})

/**
 * Starts the real server (`server/src/main.ts`) as its own process. Its data folder is `dataDir` when
 * given; otherwise a new one, empty (the server migrates and seeds it) or a copy of `from`, the folder of
 * a server already stopped. Pick ports outside the fetch standard's blocked list (4190, 6000, 6665–6669, …).
 * With `npmStart` it runs `npm start`, as an operator does, serving no app build (OWE_STATIC_DIR), so that
 * nothing is built first.
 */
export async function startServer(options: {
  port: number
  dataDir?: string
  from?: string
  env?: Record<string, string>
  npmStart?: boolean
}): Promise<RunningServer> {
  let dataDir = options.dataDir
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-data-'))
    madeHere.add(dataDir)
    if (options.from) fs.cpSync(options.from, dataDir, { recursive: true })
  }
  let log = ''
  const env = { ...process.env, PORT: String(options.port), OWE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  const child: ChildProcess = options.npmStart
    ? spawn('npm', ['start'], { env: { ...env, OWE_STATIC_DIR: '.tmp/no-app', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        env: { ...env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${options.port}`

  const stop = async (signal: 'SIGTERM' | 'SIGINT' = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      // A paused process would keep the signal pending.
      child.kill('SIGCONT')
      child.kill(signal)
    }
    return exited
  }
  const pause = () => void child.kill('SIGSTOP')
  const resume = () => void child.kill('SIGCONT')
  const deadline = Date.now() + 90_000
  let lastError: unknown
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log}`)
    try {
      // Ready: migrated and seeded (before that the server answers 503 here).
      if ((await fetch(`${url}/api/health/ready`)).ok) return { url, dataDir, pid: child.pid!, stop, pause, resume, output: () => log }
    } catch (error) {
      lastError = (error as Error).cause ?? error // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`The server did not answer within 90 s (${String(lastError)}):\n${log}`)
}
