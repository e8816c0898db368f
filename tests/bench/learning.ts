/**
 * Learning benchmarks for `npm run bench -- learning` (sections 29–30 of bench.ts), on PGlite and on PostgreSQL:
 * 29. sync of 1,000 offline reviews: a reader's device sends 1,000 reviews of a 50-card deck made offline, in
 *     the app's batches of LEARNING_BATCH_SIZE one after another (as its outbox drains), over real HTTP on
 *     127.0.0.1, then pulls the whole log back page by page and asks for the summary: seconds. Once for a
 *     reader new to the deck, once for one with a year of earlier reviews (10,000) on the same cards (the
 *     server continues each kept card with the new reviews: the history is not replayed);
 * 30. the daily reminder's learning queries (server/src/services/learning.ts) for 1,000 reminders claimed at
 *     once, each reader with 60 active days and 50 cards, and for a single one: server time, median of 10.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { openDatabase, type Database } from '../../server/src/db/client'
import { seed } from '../../server/src/db/seed/seed'
import { users } from '../../server/src/db/schema'
import { reminderProgress } from '../../server/src/services/learning'
import { createSession } from '../../server/src/services/sessions'
import { API } from '../../src/core/http/api-paths'
import { LEARNING_BATCH_SIZE, type Grade, type LearningEntry } from '../../src/core/learning/contract'
import { dayAtOffset } from '../../src/core/learning/days'
import { median, withBenchDatabase } from './measure'
import { benchPostgres } from './postgres'

const REVIEWS = 1_000
const CARDS = 50
const EARLIER_REVIEWS = 10_000
const REMINDERS = 1_000
const ACTIVE_DAYS = 60
const RUNS = 10
const DAY_MS = 86_400_000
const LAGOS = 60

async function readerOn(database: Database, name: string): Promise<{ id: number; token: string }> {
  const [{ id }] = await database.db
    .insert(users)
    .values({
      email: `${name}-${Date.now()}@bench.owe`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Reader',
      activatedAt: new Date(),
      // Older than the weeks of reviews it sends: the server takes nothing dated before an account was made.
      createdAt: new Date(Date.now() - 30 * DAY_MS),
    })
    .returning({ id: users.id })
  const { token } = await createSession(database.db, id, new Date(), 1)
  return { id, token }
}

const review = (proverbId: number, grade: Grade, at: Date): LearningEntry => {
  const iso = at.toISOString()
  return { id: randomUUID(), kind: 'review', proverbId, grade, at: iso, day: dayAtOffset(iso, LAGOS), offset: LAGOS }
}

type Synced = { sendSeconds: number; batchMedianMs: number; pullSeconds: number; pages: number; summaryMs: number; totalSeconds: number }

/** 29, for one reader: the batches sent one after another, then the log pulled back and the summary. */
async function sync(base: string, token: string, proverbIds: number[]): Promise<Synced> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const start = Date.now() - 20 * DAY_MS
  const reviews = Array.from({ length: REVIEWS }, (_, i) =>
    review(proverbIds[i % CARDS], (1 + ((i * 7) % 4)) as Grade, new Date(start + i * 25 * 60_000)),
  )
  const batchMs: number[] = []
  const began = performance.now()
  for (let i = 0; i < reviews.length; i += LEARNING_BATCH_SIZE) {
    const t = performance.now()
    const res = await fetch(`${base}${API.learningLog}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ entries: reviews.slice(i, i + LEARNING_BATCH_SIZE) }),
    })
    const body = (await res.json()) as { data?: { accepted: number } }
    if (res.status !== 200 || body.data?.accepted !== LEARNING_BATCH_SIZE)
      throw new Error(`a batch answered ${res.status}: ${JSON.stringify(body)}`)
    batchMs.push(performance.now() - t)
  }
  const sent = performance.now()
  let cursor = 0
  let pages = 0
  let pulled = 0
  for (let more = true; more;) {
    const res = await fetch(`${base}${API.learningLog}?after=${cursor}`, { headers })
    const { data } = (await res.json()) as { data: { entries: unknown[]; cursor: number; more: boolean } }
    pages++
    pulled += data.entries.length
    ;({ cursor, more } = data)
  }
  if (pulled < REVIEWS) throw new Error(`pulled ${pulled} entries`)
  const pulledAt = performance.now()
  const summary = await fetch(`${base}${API.learningSummary}`, { headers })
  if (summary.status !== 200) throw new Error(`the summary answered ${summary.status}`)
  const done = performance.now()
  return {
    sendSeconds: Number(((sent - began) / 1000).toFixed(2)),
    batchMedianMs: Number(median(batchMs).toFixed(1)),
    pullSeconds: Number(((pulledAt - sent) / 1000).toFixed(2)),
    pages,
    summaryMs: Number((done - pulledAt).toFixed(1)),
    totalSeconds: Number(((done - began) / 1000).toFixed(2)),
  }
}

async function warmCards(base: string, token: string, proverbIds: number[]) {
  const at = new Date(Date.now() - 21 * DAY_MS).toISOString()
  const entries = proverbIds.map((proverbId) => ({
    id: randomUUID(),
    kind: 'add',
    proverbId,
    at,
    day: dayAtOffset(at, LAGOS),
    offset: LAGOS,
  }))
  const res = await fetch(`${base}${API.learningLog}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ entries }),
  })
  if (res.status !== 200) throw new Error(`the warm-up batch answered ${res.status}`)
}

/** A year of earlier reviews of the same cards, put straight in the log (the cards are replayed when the next batch touches them). */
async function insertEarlierReviews(database: Database, userId: number, proverbIds: number[]) {
  const ids = sql.raw(`ARRAY[${proverbIds.join(',')}]`)
  await database.db.execute(sql`
    insert into learning_entries (id, user_id, kind, proverb_id, grade, at, day, utc_offset, received_at)
    select gen_random_uuid(), ${userId}::int, 'review', (${ids})[1 + n % ${CARDS}], 1 + (n * 3) % 4, t.at,
      (t.at + interval '1 hour')::date, ${LAGOS}, t.at
    from generate_series(0, ${EARLIER_REVIEWS - 1}) as n
    cross join lateral (select now() - interval '400 days' + n * interval '50 minutes' as at) t`)
}

/** 30: 1,000 readers with reminders, each with 60 days of reads and 50 cards. */
async function reminderQueries(database: Database, proverbIds: number[]) {
  const ids = sql.raw(`ARRAY[${proverbIds.join(',')}]`)
  const { rows } = await database.db.execute<{ id: number }>(sql`
    insert into users (email, password_hash, first_name, last_name, activated_at)
    select 'learner' || n || '-' || ${Date.now()} || '@bench.owe', 'x', 'Learner', 'Number ' || n, now()
    from generate_series(1, ${REMINDERS}) as n returning id`)
  const userIds = rows.map((row) => Number(row.id))
  const first = userIds[0]
  const last = userIds.at(-1)!
  await database.db.execute(sql`
    insert into learning_entries (id, user_id, kind, proverb_id, at, day, utc_offset, received_at)
    select gen_random_uuid(), u, 'read', (${ids})[1 + (u + d) % ${CARDS}], now() - d * interval '1 day', (now() - d * interval '1 day')::date, 0, now()
    from generate_series(${first}::int, ${last}::int) as u cross join generate_series(1, ${ACTIVE_DAYS}) as d`)
  await database.db.execute(sql`
    insert into learning_cards (user_id, proverb_id, in_deck, due, card, last_at, last_id)
    select u, p, true, now() + ((u + p) % 5 - 2) * interval '1 day', '{}'::jsonb, now(), gen_random_uuid()
    from generate_series(${first}::int, ${last}::int) as u cross join unnest(${ids}) as p`)
  await database.analyze()
  const today = new Date().toISOString().slice(0, 10)
  const time = async (claimed: { userId: number; localDate: string }[]) => {
    const times: number[] = []
    for (let i = 0; i < RUNS + 2; i++) {
      const start = performance.now()
      const progress = await reminderProgress(database.db, claimed, new Date())
      if (i >= 2) times.push(performance.now() - start)
      if (progress.size === 0) throw new Error('no reader had a streak or a card due')
    }
    return Number(median(times).toFixed(1))
  }
  return {
    thousandMs: await time(userIds.map((userId) => ({ userId, localDate: today }))),
    oneMs: await time([{ userId: userIds[500], localDate: today }]),
  }
}

async function onDatabase(database: Database, label: string) {
  const app: FastifyInstance = await buildApp(
    loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0', OWE_LEARNING_RATE_LIMIT: '1000000' }),
    { database, logger: false },
  )
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const { rows } = await database.db.execute<{ id: number }>(sql`select id from proverbs order by id limit ${CARDS}`)
    const proverbIds = rows.map((row) => Number(row.id))

    // A first sync warms the process (compiled code, the planner's statistics), as a running server is.
    await sync(base, (await readerOn(database, 'warm-up')).token, proverbIds)
    const fresh = await readerOn(database, 'fresh')
    const line = (name: string, s: Synced) =>
      console.log(
        `   ${label.padEnd(11)} ${name.padEnd(24)} send ${s.sendSeconds.toFixed(2)} s (a batch: median ${s.batchMedianMs} ms), pull ${s.pullSeconds.toFixed(2)} s (${s.pages} pages), summary ${s.summaryMs} ms; total ${s.totalSeconds.toFixed(2)} s`,
      )
    const freshSync = await sync(base, fresh.token, proverbIds)
    line('new to the deck', freshSync)
    const veteran = await readerOn(database, 'veteran')
    await insertEarlierReviews(database, veteran.id, proverbIds)
    await database.analyze()
    // Its cards, as the server would have kept them had those reviews come through the API: one batch (not timed)
    // that names every card replays each from its whole history.
    await warmCards(base, veteran.token, proverbIds)
    const veteranSync = await sync(base, veteran.token, proverbIds)
    line('10,000 earlier reviews', veteranSync)
    const reminders = await reminderQueries(database, proverbIds)
    return { fresh: freshSync, withEarlierReviews: veteranSync, reminders }
  } finally {
    await app.close()
  }
}

export async function learningBench(results: Record<string, unknown>): Promise<void> {
  console.log(
    `\n29. Sync of ${REVIEWS.toLocaleString('en-US')} offline reviews of ${CARDS} cards: ${REVIEWS / LEARNING_BATCH_SIZE} batches of ${LEARNING_BATCH_SIZE} sent one after another, the log pulled back, the summary (HTTP on 127.0.0.1)`,
  )
  const measured: Record<string, Awaited<ReturnType<typeof onDatabase>>> = {}
  measured.pglite = await withBenchDatabase('learning', (database) => onDatabase(database, 'PGlite'))
  const postgres = await benchPostgres(55453)
  if (postgres) {
    try {
      const database = await openDatabase({ kind: 'postgres', url: postgres.url })
      try {
        await database.migrate()
        await seed(database.db)
        measured.postgres = await onDatabase(database, 'PostgreSQL')
      } finally {
        await database.close()
      }
    } finally {
      await postgres.stop()
    }
  }
  console.log(
    `\n30. The daily reminder's learning queries (streak to keep, cards due) for ${REMINDERS.toLocaleString('en-US')} reminders claimed at once, each reader with ${ACTIVE_DAYS} active days and ${CARDS} cards; and for one (median of ${RUNS})`,
  )
  for (const [name, label] of [
    ['pglite', 'PGlite'],
    ['postgres', 'PostgreSQL'],
  ] as const) {
    const r = measured[name]?.reminders
    if (r) console.log(`   ${label.padEnd(11)} ${REMINDERS.toLocaleString('en-US')} at once: ${r.thousandMs} ms; one: ${r.oneMs} ms`)
  }
  results.learningSync = measured
}
