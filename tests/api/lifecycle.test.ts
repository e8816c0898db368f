import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { inArray } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db/client'
import { mailOutbox, users } from '../../server/src/db/schema'
import { seed } from '../../server/src/db/seed/seed'
import type { HealthReport } from '../../server/src/features/health/service'
import { API } from '../../src/core/http/api-paths'
import { get, signupBody } from '../support/accounts'
import { startServer } from '../support/server-process'
import { createTestApp } from '../support/test-app'

// The process tests start the real server on the embedded database, whatever DATABASE_URL says.
const embedded = { DATABASE_URL: '' }

test('until migrations and seeding are done only health answers: /api/health says "starting", readiness and every other route 503', async () => {
  // A database nobody has migrated yet, as main.ts has it while it starts.
  const database = await openDatabase({ kind: 'pglite-memory' })
  const app = await buildApp(loadConfig({ OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '60000' }), {
    database,
    logger: false,
    startsReady: false,
  })
  try {
    const starting = await get(app, API.health)
    expect(starting.status).toBe(200)
    expect(starting.body.data).toMatchObject({
      status: 'starting',
      database: { kind: 'pglite', ok: null },
      mail: { transport: 'outbox', waiting: null, failed: null },
    })
    expect(starting.body.data.scheduler).toMatchObject({ running: false })
    const notReady = await get(app, API.healthReady)
    expect(notReady.status).toBe(503)
    expect(notReady.headers['retry-after']).toBe('2')
    expect(notReady.body).toEqual({ data: { ready: false } })
    const proverbs = await get(app, API.proverbsPublic)
    expect(proverbs.status).toBe(503)
    expect(proverbs.body).toEqual({ error: { code: 'starting', message: 'Òwe is starting. Try again in a moment.' } })

    await database.migrate()
    await seed(database.db)
    await app.markReady()
    expect((await get(app, API.healthReady)).body).toEqual({ data: { ready: true } })
    expect((await get(app, API.proverbsPublic)).status).toBe(200)
    const report = (await get(app, API.health)).body.data as HealthReport
    expect(report).toMatchObject({
      status: 'ok',
      database: { kind: 'pglite', ok: true },
      mail: { transport: 'outbox', waiting: 0, failed: 0 },
      payments: 'TEST MODE — no money moves',
    })
    expect(report.scheduler).toMatchObject({ running: true, intervalMs: 60_000 })
  } finally {
    await app.close()
    await database.close()
  }
})

test('a database that stops answering makes the server not ready (503) and /api/health "degraded"', async () => {
  const t = await createTestApp()
  await t.database.close()
  try {
    const ready = await get(t.app, API.healthReady)
    expect(ready.status).toBe(503)
    const health = await get(t.app, API.health)
    expect(health.status).toBe(200)
    expect(health.body.data).toMatchObject({ status: 'degraded', database: { ok: false }, mail: { waiting: null } })
  } finally {
    await t.app.close()
  }
})

test('the start-up line and /api/health say when payments are in test mode, and with keys which providers take money', async () => {
  const server = await startServer({ port: 4313, env: { ...embedded, LOG_LEVEL: 'info' } })
  try {
    // The line is written just after the server reports ready: it may reach this process a moment later.
    await expect.poll(() => server.output()).toContain('payments: TEST MODE — no money moves')
    const report = ((await (await fetch(`${server.url}${API.health}`)).json()) as { data: HealthReport }).data
    expect(report).toMatchObject({ status: 'ok', payments: 'TEST MODE — no money moves', database: { kind: 'pglite', ok: true } })
  } finally {
    expect(await server.stop()).toBe(0)
  }
  const withKeys = await createTestApp({ PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' })
  try {
    expect((await get(withKeys.app, API.health)).body.data.payments).toBe('Paystack')
  } finally {
    await withKeys.close()
  }
}, 120_000)

test('NODE_ENV=production refuses to start in test mode, unless OWE_ALLOW_TEST_PAYMENTS=1 says so on purpose', async () => {
  const refused = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...embedded, NODE_ENV: 'production', PORT: '4314' },
    encoding: 'utf8',
    timeout: 30_000,
  })
  expect(refused.status).toBe(1)
  expect(refused.stderr).toContain('Òwe cannot start: payments are in TEST MODE (no money moves) and NODE_ENV=production')
  const allowed = await startServer({ port: 4314, env: { ...embedded, NODE_ENV: 'production', OWE_ALLOW_TEST_PAYMENTS: '1' } })
  expect(await allowed.stop()).toBe(0)
}, 120_000)

test('on SIGTERM requests in flight finish and every acknowledged sign-up is kept; new connections are refused; the process exits 0', async () => {
  // At debug level the server logs each request it has received, so the test knows when all are in flight.
  const server = await startServer({ port: 4315, env: { ...embedded, OWE_AUTH_RATE_LIMIT: '1000', LOG_LEVEL: 'debug' } })
  const bodies = Array.from({ length: 60 }, () => signupBody({ email: `shutdown-${crypto.randomUUID()}@example.com` }))
  // Each sign-up hashes a password (tens of milliseconds): most are still running when the signal comes.
  const requests = bodies.map((body) =>
    fetch(`${server.url}${API.register}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      (res) => res.status,
      () => 'no answer' as const,
    ),
  )
  // The signal comes once the server has every request (on a busy machine some are still in the kernel's
  // queue when the first is answered; those would be new connections, rightly refused).
  const received = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"incoming request"') && line.includes(`"url":"${API.register}"`)).length
  await expect
    .poll(received, { timeout: 30_000, interval: 20 })
    .toBe(bodies.length)
    .catch(async (error: unknown) => {
      await server.stop()
      throw error
    })
  const exitCode = server.stop()
  const outcomes = await Promise.all(requests)
  // On a fast machine every sign-up can be answered before the server has taken the signal in: the late
  // request waits for it, and opens a connection of its own (fetch would reuse one kept alive).
  await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('SIGTERM: no new connections')
  const late = await new Promise<number | 'refused'>((resolve) =>
    http
      .get(`${server.url}${API.health}`, { agent: false }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      .on('error', () => resolve('refused')),
  )
  expect(await exitCode).toBe(0)
  expect(late).toBe('refused')

  const acknowledged = bodies.filter((_, i) => outcomes[i] === 201).map((body) => body.email)
  // Every request sent before the signal was finished and answered: none cut off, none refused.
  expect(outcomes.filter((status) => status !== 201)).toEqual([])
  expect(server.output()).toContain('SIGTERM: no new connections; requests in flight have 10 s to finish')
  expect(server.output()).not.toContain('requests still running after the grace period')
  expect(server.output()).toContain('closed')

  const database = await openDatabase({ kind: 'pglite', dataDir: server.dataDir })
  try {
    const kept = await database.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged))
    expect(kept.map((row) => row.email).sort()).toEqual([...acknowledged].sort())
    // Each kept account was told how to activate: its mail was committed with it.
    const mails = await database.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, acknowledged))
    expect(mails.map((mail) => mail.to).sort()).toEqual([...acknowledged].sort())
    expect(new Set(mails.map((mail) => mail.subject))).toEqual(new Set(['Activate your Òwe account']))
  } finally {
    await database.close()
  }
}, 120_000)

/** The process `pid` and every process under it, from /proc. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const parent = procStat(Number(entry))?.ppid
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []))
  return tree
}

/** A process's state and parent; null once it is gone. */
function procStat(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state, ppid: Number(ppid) }
  } catch {
    return null
  }
}

// A zombie has ended; it waits only for a parent to read its status.
const stillRunning = (pid: number) => ![undefined, 'Z', 'X'].includes(procStat(pid)?.state)

test('npm start passes SIGTERM and SIGINT on: the server closes gracefully, npm leaves with its status 0 and no process of the tree runs on', async () => {
  let dataDir: string | undefined
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const server = await startServer({ port: 4316, dataDir, npmStart: true, env: { ...embedded, LOG_LEVEL: 'info' } })
    dataDir = server.dataDir
    const tree = processTree(server.pid)
    const commands = tree.map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '))
    // npm, the start script (the shell npm runs it with has become it) and the server under it.
    expect(commands.some((command) => command.includes('scripts/start.mjs'))).toBe(true)
    expect(commands.some((command) => command.includes('server/src/main.ts'))).toBe(true)
    expect(await server.stop(signal)).toBe(0)
    await expect.poll(() => tree.filter(stillRunning), { timeout: 10_000 }).toEqual([])
    expect(server.output()).toContain(`${signal}: no new connections; requests in flight have 10 s to finish`)
    expect(server.output()).toContain('"msg":"closed"')
  }
}, 120_000)

test('a server killed with SIGKILL never blocks the next start, even when its pid now names another running process', async ({
  onTestFinished,
}) => {
  const crashed = await startServer({ port: 4317, env: embedded })
  const lock = path.join(crashed.dataDir, 'owe.lock')
  process.kill(crashed.pid, 'SIGKILL')
  expect(await crashed.stop()).toBeNull()
  const left = fs.readFileSync(lock, 'utf8')
  expect(left.split('\n')[0]).toBe(String(crashed.pid))
  // After a crash the pid in the lock soon belongs to another process: here a sleeping one's. (A pid written
  // in by hand, and a holder that really runs, are in server/src/db/lock.test.ts.)
  const sleeping = spawn('sleep', ['120'], { stdio: 'ignore' })
  onTestFinished(() => void sleeping.kill('SIGKILL'))
  fs.writeFileSync(lock, left.replace(/^\d+/, String(sleeping.pid)))
  const restarted = await startServer({ port: 4317, dataDir: crashed.dataDir, env: embedded })
  expect((await fetch(`${restarted.url}${API.proverbsPublic}?size=1`)).status).toBe(200)
  expect(await restarted.stop()).toBe(0)
  expect(fs.existsSync(lock)).toBe(false)
}, 120_000)
