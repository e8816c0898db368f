import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { openDatabase } from '../../server/src/db/client'
import { API } from '../../src/core/http/api-paths'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { LoginResult } from '../../src/core/account/contract'
import type { PaymentOutcome, Plan } from '../../src/core/payments/contract'
import type { QuizBatchSummary, QuizData } from '../../src/core/quiz/contract'
import { signupBody } from '../support/accounts'
import { paymentState } from '../support/payments'
import { startServer, type RunningServer } from '../support/server-process'

// The real server on the embedded database, whatever DATABASE_URL says (the second CI run sets it). Info
// logs carry the outbox's activation links; nothing runs on its own (scheduler off); every request comes
// from 127.0.0.1, so the per-client limits are lifted.
const SERVER_ENV = {
  DATABASE_URL: '',
  OWE_SCHEDULER_MS: '0',
  LOG_LEVEL: 'info',
  OWE_AUTH_RATE_LIMIT: '1000000',
  OWE_CHECK_RATE_LIMIT: '1000000',
  OWE_LIKE_RATE_LIMIT: '1000000',
}
const PORT = 4437
const RESTORED_PORT = 4438

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'owe-backup-'))
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

type CliRun = { status: number | null; stdout: string; stderr: string }

/** `npm run db:backup` / `db:restore` as a process of its own (the command package.json runs). */
function cli(command: 'db-backup' | 'db-restore', arg: string, env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${command}.ts`, arg], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

/** A refusal: exit 1, the message on stderr, no stack trace. */
function expectRefusal(run: CliRun, message: string) {
  expect(run.status, run.stdout).toBe(1)
  expect(run.stderr).toContain(message)
  expect(run.stderr).not.toMatch(/^\s+at /m)
}

type Reply = { status: number; body: { data?: unknown } | undefined }

async function http(
  server: RunningServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { json?: unknown; form?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  if (options.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
    redirect: 'manual',
  })
  const json = res.headers.get('content-type')?.startsWith('application/json')
  return { status: res.status, body: json ? ((await res.json()) as { data?: unknown }) : undefined }
}

/** The activation link's token, as the outbox keeps it and the server logs it (no SMTP_URL). */
async function activationToken(server: RunningServer, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const line of server.output().split('\n').reverse()) {
      if (!line.startsWith('{')) continue
      const entry = JSON.parse(line) as { to?: string; link?: string }
      if (entry.to === email && entry.link) return new URL(entry.link).searchParams.get('token')!
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no activation mail for ${email} in the server's log`)
}

type Member = { email: string; password: string; token: string }

/** Sign-up, activation through the mailed link, sign-in: all over HTTP. */
async function newMember(server: RunningServer, groupId: number, plan: Plan): Promise<Member> {
  const body = signupBody({ languages: [groupId], packageId: plan.id })
  expect((await http(server, 'POST', API.register, { json: body })).status).toBe(201)
  const activated = await http(server, 'POST', API.activate, { json: { token: await activationToken(server, body.email) } })
  expect(activated.status).toBe(200)
  const login = await http(server, 'POST', API.login, { json: { email: body.email, password: body.password1 } })
  expect(login.status).toBe(200)
  return { email: body.email, password: body.password1, token: (login.body!.data as LoginResult).token }
}

/** The built-in test checkout, start to end, as the app and a tester's browser drive it. */
async function payWithTestMode(server: RunningServer, member: Member, plan: Plan) {
  const state = paymentState(plan)
  expect((await http(server, 'POST', API.paymentInitialize, { json: state, token: member.token })).status).toBe(200)
  expect((await http(server, 'POST', API.testCheckout(state.reference), { form: 'outcome=success' })).status).toBe(303)
  const verified = await http(server, 'POST', API.paymentVerify(state.reference), { json: {}, token: member.token })
  expect(verified.status).toBe(200)
  expect((verified.body!.data as PaymentOutcome).status).toBe('success')
}

const answer = (server: RunningServer, member: Member, quiz: QuizData, index: number, option: number) =>
  http(server, 'POST', API.quizSubmitSingle, {
    json: {
      batchId: quiz.batchId,
      ethnicFactQuestionId: quiz.questions[index].ethnicfactQuestionId,
      answerOptionId: quiz.questions[index].answerOptions[option].id,
    },
    token: member.token,
    headers: { 'idempotency-key': randomUUID() },
  })

type Rows = Record<string, unknown[]>

/** Every table of the app and drizzle's migrations, each row in a fixed order, and the sequences. */
async function contents(dataDir: string): Promise<Rows> {
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const query = async <T extends Record<string, unknown>>(text: SQL) => (await database.db.execute<T>(text)).rows
    const tables = await query<{ schema: string; name: string }>(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and (table_schema = 'public' or (table_schema = 'drizzle' and table_name = '__drizzle_migrations'))
      order by 1, 2`)
    const rows: Rows = {}
    for (const { schema, name } of tables) {
      const columns = await query<{ name: string }>(sql`
        select column_name as name from information_schema.columns where table_schema = ${schema} and table_name = ${name} order by ordinal_position`)
      const order = columns.map((column) => `"${column.name}"::text`).join(', ')
      rows[`${schema}.${name}`] = await query(sql.raw(`select * from "${schema}"."${name}" order by ${order}`))
    }
    rows['(sequences)'] = await query(sql`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`)
    return rows
  } finally {
    await database.close()
  }
}

test('a backup taken while the server runs and answers requests restores, table for table, into an empty folder the server then starts on', async () => {
  const server = await startServer({ port: PORT, env: SERVER_ENV })
  const work = tempDir()
  const duringLoad = path.join(work, 'during-load.tar.gz')
  const quiet = path.join(work, 'quiet.tar.gz')
  const members: Member[] = []
  let receiptsBeforeLoad = 0
  try {
    const plans = Object.fromEntries(((await http(server, 'GET', API.packages)).body!.data as Plan[]).map((plan) => [plan.name, plan]))
    const groups = (await http(server, 'GET', `${API.ethnicGroupsPublic}?q=all`)).body!.data as EthnicGroup[]
    const proverbIds = ((await http(server, 'GET', `${API.proverbsPublic}?size=12`)).body!.data as { id: number }[]).map(
      (proverb) => proverb.id,
    )
    for (const group of groups.slice(0, 3)) members.push(await newMember(server, group.id, plans.Bronze))
    const today = new Date().toISOString().slice(0, 10)
    const openQuizzes: QuizData[] = []
    for (const member of members) {
      await payWithTestMode(server, member, plans.Silver)
      const week = (await http(server, 'GET', `${API.quizWeek}?currentDate=${today}`, { token: member.token })).body!
        .data as QuizBatchSummary[]
      expect(week).toHaveLength(2)
      const [finished, open] = await Promise.all(
        week.map(
          async (batch) => ((await http(server, 'GET', API.quiz(batch.batchId), { token: member.token })).body!.data as QuizData[])[0],
        ),
      )
      for (const index of finished.questions.keys()) expect((await answer(server, member, finished, index, index % 4)).status).toBe(200)
      receiptsBeforeLoad += finished.questions.length
      const closed = await http(server, 'POST', API.quizUpdateAttempt(finished.batchId), {
        token: member.token,
        headers: { 'idempotency-key': randomUUID() },
      })
      expect(closed.status).toBe(200)
      receiptsBeforeLoad += 1
      openQuizzes.push(open)
      expect((await http(server, 'PUT', API.favourite(proverbIds[0]), { token: member.token })).status).toBe(200)
    }

    // Likes (a row and the proverb's count, in one transaction) and quiz answers (an answer and its
    // receipt, in one transaction) keep coming while the backup is taken.
    let loading = true
    const finishedAt: number[] = []
    const load = Promise.all(
      members.map(async (member, m) => {
        for (let n = 0; loading; n++) {
          const liked = await http(server, n % 3 === 2 ? 'DELETE' : 'PUT', API.like(proverbIds[(m * 5 + n) % proverbIds.length]), {
            token: member.token,
          })
          expect(liked.status).toBe(200)
          expect((await answer(server, member, openQuizzes[m], n % 10, n % 4)).status).toBe(200)
          finishedAt.push(Date.now())
        }
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    const backup = await cli('db-backup', duringLoad, { OWE_DATA_DIR: server.dataDir })
    const ended = Date.now()
    loading = false
    await load
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up ${literally(server.dataDir)} to ${literally(duringLoad)}: \\d+\\.\\d MB in \\d+\\.\\d s \\(taken by the running server, pid \\d+\\)\\.\\n$`,
      ),
    )
    expect(fs.statSync(duringLoad).mode & 0o777).toBe(0o600)
    // The server went on answering while the command ran.
    expect(finishedAt.filter((at) => at > started && at < ended).length).toBeGreaterThan(0)

    // Taken again once requests have stopped, with the server still running: the state it stops in.
    const quietBackup = await cli('db-backup', quiet, { OWE_DATA_DIR: server.dataDir })
    expect(quietBackup.status, quietBackup.stderr).toBe(0)

    expectRefusal(
      await cli('db-restore', quiet, { OWE_DATA_DIR: server.dataDir }),
      `The data folder ${server.dataDir} is in use by another Òwe server`,
    )
    expectRefusal(
      await cli('db-backup', path.join(server.dataDir, 'inside.tar.gz'), { OWE_DATA_DIR: server.dataDir }),
      'The backup cannot go into the data folder',
    )
  } finally {
    await server.stop()
  }

  const restoredQuiet = path.join(work, 'restored-quiet')
  const restoredDuringLoad = path.join(work, 'restored-during-load', 'data')
  const restore = await cli('db-restore', quiet, { OWE_DATA_DIR: restoredQuiet })
  expect(restore.status, restore.stderr).toBe(0)
  expect(restore.stdout).toMatch(
    new RegExp(
      `^Restored ${literally(quiet)} \\(\\d+\\.\\d MB\\) into ${literally(restoredQuiet)} in \\d+\\.\\d s; the server can start on it\\.\\n$`,
    ),
  )
  expect((await cli('db-restore', duringLoad, { OWE_DATA_DIR: restoredDuringLoad })).status).toBe(0)
  expectRefusal(await cli('db-restore', quiet, { OWE_DATA_DIR: restoredQuiet }), `The data folder ${restoredQuiet} is not empty`)

  const original = await contents(server.dataDir)
  const copy = await contents(restoredQuiet)
  expect(Object.keys(copy)).toEqual(Object.keys(original))
  for (const table of Object.keys(original)) expect(copy[table], table).toEqual(original[table])
  for (const table of [
    'users',
    'sessions',
    'mail_outbox',
    'payments',
    'user_packages',
    'quiz_answers',
    'quiz_receipts',
    'leaderboard_totals',
    'proverb_likes',
    'favourites',
  ]) {
    expect(original[`public.${table}`].length, table).toBeGreaterThan(0)
  }
  expect(original['drizzle.__drizzle_migrations'].length).toBeGreaterThan(0)

  // The copy taken under load holds whole transactions only, and falls between the start and the end.
  const midway = await openDatabase({ kind: 'pglite', dataDir: restoredDuringLoad })
  try {
    const rows = async (text: SQL) => (await midway.db.execute(text)).rows
    expect(
      await rows(
        sql`select p.id from proverbs p left join proverb_likes l on l.proverb_id = p.id group by p.id having p.likes <> count(l.user_id)`,
      ),
    ).toEqual([])
    expect(
      await rows(sql`select a.batch_id from quiz_answers a where not exists (select 1 from quiz_receipts r
        where r.batch_id = a.batch_id and r.question_id = a.question_id and r.answer_option_id = a.answer_option_id and r.received_at = a.answered_at)`),
    ).toEqual([])
    const [{ receipts }] = (await rows(sql`select count(*)::int as receipts from quiz_receipts`)) as { receipts: number }[]
    expect(receipts).toBeGreaterThan(receiptsBeforeLoad)
    expect(receipts).toBeLessThanOrEqual(original['public.quiz_receipts'].length)
  } finally {
    await midway.close()
  }

  // The server starts on the restored folder (migrating it if the backup were older) and knows its users.
  const restored = await startServer({ port: RESTORED_PORT, dataDir: restoredQuiet, env: SERVER_ENV })
  try {
    const login = await http(restored, 'POST', API.login, { json: { email: members[0].email, password: members[0].password } })
    expect(login.status).toBe(200)
  } finally {
    await restored.stop()
  }
}, 240_000)

test('refusals: a relative path, a file that is not a backup, a folder with no database, and PostgreSQL', async () => {
  const work = tempDir()
  expectRefusal(await cli('db-backup', 'owe.tar.gz', { OWE_DATA_DIR: path.join(work, 'data') }), 'Give the backup file as an absolute path')
  expectRefusal(
    await cli('db-restore', 'owe.tar.gz', { OWE_DATA_DIR: path.join(work, 'data') }),
    'Give the backup file as an absolute path',
  )

  const notBackup = path.join(work, 'notes.tar.gz')
  fs.writeFileSync(notBackup, 'these are notes, not a database')
  const target = path.join(work, 'new-data')
  expectRefusal(await cli('db-restore', notBackup, { OWE_DATA_DIR: target }), `${notBackup} is not an Òwe backup: it is not a gzip file`)
  expect(fs.existsSync(target)).toBe(false)

  expectRefusal(
    await cli('db-backup', path.join(work, 'owe.tar.gz'), { OWE_DATA_DIR: path.join(work, 'nothing') }),
    `There is no database in ${path.join(work, 'nothing')} to back up`,
  )
  expect(fs.existsSync(path.join(work, 'nothing'))).toBe(false)

  const postgres = { DATABASE_URL: 'postgres://owe@127.0.0.1:1/owe' }
  expectRefusal(
    await cli('db-backup', path.join(work, 'owe.dump'), postgres),
    `pg_dump --format=custom --file=${path.join(work, 'owe.dump')} "$DATABASE_URL"`,
  )
  expectRefusal(await cli('db-restore', path.join(work, 'owe.dump'), postgres), 'pg_restore --no-owner --dbname="$DATABASE_URL"')
}, 60_000)
