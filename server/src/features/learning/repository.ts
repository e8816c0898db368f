import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { LearningEntry, LocalDay, StoredLearningEntry } from '@core/learning/contract'
import type { Db, Tx } from '../../db/client'
import { dailyReminders, learningCards, learningEntries, proverbs, quizBatches, users } from '../../db/schema'

export type EntryRow = typeof learningEntries.$inferInsert
type StoredRow = typeof learningEntries.$inferSelect

/** The first key of the advisory lock a reader's log is written under (the second is the reader's id). */
const LOG_LOCK = 19

/**
 * Holds the reader's log until the transaction ends, so one reader's batches are stored one after another.
 * `seq` is taken at insert and seen at commit: without this, a batch that took seq 11 could commit before
 * one that took seq 10, and a device that pulled in between would skip 10 for good.
 */
export async function lockLog(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOG_LOCK}::int, ${userId}::int)`)
}

/** Stores the entries whose id is new (and no second read of a proverb on a day); answers the ids stored. */
export async function insertEntries(tx: Tx, rows: EntryRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set()
  const stored = await tx.insert(learningEntries).values(rows).onConflictDoNothing().returning({ id: learningEntries.id })
  return new Set(stored.map((row) => row.id))
}

/** Who holds each of these ids (the ones held at all). */
export async function holdersOf(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .select({ id: learningEntries.id, userId: learningEntries.userId })
    .from(learningEntries)
    .where(inArray(learningEntries.id, ids))
  return new Map(rows.map((row) => [row.id, row.userId]))
}

/** Which of these proverbs are published (every row of `proverbs` is: suggestions wait in their own table). */
export async function publishedProverbs(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: proverbs.id }).from(proverbs).where(inArray(proverbs.id, ids))
  return new Set(rows.map((row) => row.id))
}

/** Which of these quizzes are the reader's own. */
export async function ownQuizzes(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: quizBatches.id })
    .from(quizBatches)
    .where(and(eq(quizBatches.userId, userId), inArray(quizBatches.id, ids)))
  return new Set(rows.map((row) => row.id))
}

/** The entry as the contract has it, each kind with its own fields only. */
export function toEntry(row: Pick<StoredRow, 'id' | 'kind' | 'proverbId' | 'batchId' | 'grade' | 'at' | 'day' | 'offset'>): LearningEntry {
  const base = { id: row.id, at: row.at.toISOString(), day: row.day, offset: row.offset }
  if (row.kind === 'quiz') return { ...base, kind: 'quiz', batchId: row.batchId! }
  if (row.kind === 'review') return { ...base, kind: 'review', proverbId: row.proverbId!, grade: row.grade as 1 | 2 | 3 | 4 }
  return { ...base, kind: row.kind, proverbId: row.proverbId! }
}

/** Up to `limit` of the reader's entries that reached the server after `after`, in the order they did. */
export async function entriesAfter(db: Db, userId: number, after: number, limit: number): Promise<StoredLearningEntry[]> {
  const rows = await db
    .select()
    .from(learningEntries)
    .where(and(eq(learningEntries.userId, userId), gt(learningEntries.seq, after)))
    .orderBy(asc(learningEntries.seq))
    .limit(limit)
  return rows.map((row) => ({ ...toEntry(row), seq: row.seq }))
}

/** Every add, remove and review of these proverbs in the reader's log: what their cards are replayed from. */
export async function deckEntriesOf(tx: Tx, userId: number, proverbIds: number[]): Promise<LearningEntry[]> {
  if (proverbIds.length === 0) return []
  const rows = await tx
    .select()
    .from(learningEntries)
    .where(
      and(
        eq(learningEntries.userId, userId),
        inArray(learningEntries.proverbId, proverbIds),
        inArray(learningEntries.kind, ['add', 'remove', 'review']),
      ),
    )
  return rows.map(toEntry)
}

export type CardRow = typeof learningCards.$inferSelect

/** The cards kept for these proverbs of the reader's. */
export async function keptCards(tx: Tx, userId: number, proverbIds: number[]): Promise<CardRow[]> {
  if (proverbIds.length === 0) return []
  return tx
    .select()
    .from(learningCards)
    .where(and(eq(learningCards.userId, userId), inArray(learningCards.proverbId, proverbIds)))
}

/** Writes these cards (each replaces what was kept for its proverb). */
export async function saveCards(tx: Tx, rows: CardRow[]): Promise<void> {
  if (rows.length === 0) return
  await tx
    .insert(learningCards)
    .values(rows)
    .onConflictDoUpdate({
      target: [learningCards.userId, learningCards.proverbId],
      set: {
        inDeck: sql`excluded.in_deck`,
        due: sql`excluded.due`,
        card: sql`excluded.card`,
        lastAt: sql`excluded.last_at`,
        lastId: sql`excluded.last_id`,
      },
    })
}

/** The reader's calendar day at `now` in the zone of their daily reminder; null without one. */
export async function reminderDayOf(db: Db, userId: number, now: Date): Promise<LocalDay | null> {
  const [row] = await db
    .select({ day: sql<string>`((${now.toISOString()}::timestamptz at time zone ${dailyReminders.timeZone})::date)::text` })
    .from(dailyReminders)
    .where(eq(dailyReminders.userId, userId))
  return row?.day ?? null
}

/** When the reader's account was made: nothing they did is older. */
export async function accountMadeAt(db: Db, userId: number): Promise<Date> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId))
  return user.createdAt
}
