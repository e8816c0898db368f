import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { QuestionProperty, QuizBatchSummary } from '@core/quiz/contract'
import { INSTANT_QUIZZES_PER_WEEK, outcomeOf, weekStartOf } from '@core/quiz/quiz'
import type { Db, Tx } from '../../db/client'
import { questionProperties, quizAnswers, quizBatches, quizBatchQuestions } from '../../db/schema'
import { HttpError, notFound } from '../../http/errors'
import { paginated } from '../../http/paginated'
import { entitlementOf } from '../../services/entitlements'
import { composeBatch } from './compose'

type Batch = typeof quizBatches.$inferSelect

/*
 * The quizzes on offer: the question properties, a user's batches of the week (made on first sight) and
 * instant ones. Playing, answering and closing a batch are in service.ts.
 */

export async function listProperties(db: Db, page: number, size: number) {
  const [{ total }] = await db.select({ total: count() }).from(questionProperties)
  const rows = await db
    .select()
    .from(questionProperties)
    .orderBy(asc(questionProperties.position))
    .limit(size)
    .offset((page - 1) * size)
  const data: QuestionProperty[] = rows.map(({ position: _position, ...p }) => ({
    ...p,
    size: p.preferredCount + p.otherCount + p.generalCount,
  }))
  return paginated(data, total, { page, size })
}

/** The groups a user's questions come from: the first language they may read, then the others. */
async function groupsOf(db: Db | Tx, userId: number, now: Date): Promise<{ preferred?: number; others: number[] }> {
  const { readable } = await entitlementOf(db as Db, userId, now)
  return { preferred: readable[0], others: readable.slice(1) }
}

type BatchKey = { userId: number; propertyId: number; source: 'WEEKLY' | 'USER'; weekStart: string; ordinal: number }

/**
 * Makes a batch unless it exists. Concurrent requests for the same key insert the same unique row: the
 * database keeps one and the others find it (their transaction waits on the first, then does nothing).
 */
async function ensureBatch(db: Db, key: BatchKey, now: Date): Promise<Batch | undefined> {
  const [property] = await db.select().from(questionProperties).where(eq(questionProperties.id, key.propertyId))
  const { preferred, others } = await groupsOf(db, key.userId, now)
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(quizBatches)
      .values({ ...key, passScore: property.passScore, createdAt: now })
      .onConflictDoNothing()
      .returning()
    if (!created) return undefined
    const seed = `${key.userId}/${key.weekStart}/${key.source}/${key.propertyId}/${key.ordinal}`
    const questionIds = await composeBatch(tx, seed, property, preferred, others)
    await tx.insert(quizBatchQuestions).values(questionIds.map((questionId, i) => ({ batchId: created.id, position: i + 1, questionId })))
    return created
  })
}

const DAY_MS = 86_400_000

/**
 * The week's scheduled batches for the week holding `date`, made the first time they are asked for. Only
 * the current week (give or take the viewer's time zone: a day) is made; other weeks show what exists.
 */
export async function weekBatches(db: Db, userId: number, date: string, now: Date): Promise<QuizBatchSummary[]> {
  const weekStart = weekStartOf(date)
  const current = Math.abs(new Date(`${date}T12:00:00Z`).getTime() - now.getTime()) <= 1.5 * DAY_MS
  if (current) {
    const weekly = await db.select({ id: questionProperties.id }).from(questionProperties).where(eq(questionProperties.weekly, true))
    const existing = await db
      .select({ propertyId: quizBatches.propertyId })
      .from(quizBatches)
      .where(and(eq(quizBatches.userId, userId), eq(quizBatches.weekStart, weekStart), eq(quizBatches.source, 'WEEKLY')))
    for (const { id } of weekly.filter((p) => !existing.some((e) => e.propertyId === p.id))) {
      await ensureBatch(db, { userId, propertyId: id, source: 'WEEKLY', weekStart, ordinal: 0 }, now)
    }
  }
  return summaries(db, and(eq(quizBatches.userId, userId), eq(quizBatches.weekStart, weekStart), eq(quizBatches.source, 'WEEKLY')))
}

export async function generatedBatches(db: Db, userId: number, date: string): Promise<QuizBatchSummary[]> {
  return summaries(db, and(eq(quizBatches.userId, userId), eq(quizBatches.weekStart, weekStartOf(date)), eq(quizBatches.source, 'USER')))
}

export async function recentBatches(db: Db, userId: number, limit = 20): Promise<QuizBatchSummary[]> {
  return summaries(db, and(eq(quizBatches.userId, userId), isNotNull(quizBatches.closedAt)), limit)
}

/** An instant quiz ("generate one"), at most INSTANT_QUIZZES_PER_WEEK a week. */
export async function generateBatch(db: Db, userId: number, propertyId: number, now: Date): Promise<QuizBatchSummary> {
  const [property] = await db.select({ id: questionProperties.id }).from(questionProperties).where(eq(questionProperties.id, propertyId))
  if (!property) throw notFound('No question property has that id.')
  const weekStart = weekStartOf(now)
  for (;;) {
    const [{ made }] = await db
      .select({ made: count() })
      .from(quizBatches)
      .where(and(eq(quizBatches.userId, userId), eq(quizBatches.weekStart, weekStart), eq(quizBatches.source, 'USER')))
    if (made >= INSTANT_QUIZZES_PER_WEEK) {
      throw new HttpError(
        429,
        'quiz_limit',
        `You have made ${INSTANT_QUIZZES_PER_WEEK} quizzes this week, the most a week allows. You can make more from Monday.`,
      )
    }
    // Two requests at once may both take the next number: one wins, the other tries the one after.
    const batch = await ensureBatch(db, { userId, propertyId, source: 'USER', weekStart, ordinal: made + 1 }, now)
    if (batch) return (await summaries(db, eq(quizBatches.id, batch.id)))[0]
  }
}

async function summaries(db: Db, where: ReturnType<typeof and>, limit?: number): Promise<QuizBatchSummary[]> {
  const query = db
    .select({
      batch: quizBatches,
      name: questionProperties.name,
      size: sql<number>`(select count(*)::int from ${quizBatchQuestions} where ${quizBatchQuestions.batchId} = ${quizBatches.id})`,
      answered: sql<number>`(select count(*)::int from ${quizAnswers} where ${quizAnswers.batchId} = ${quizBatches.id})`,
    })
    .from(quizBatches)
    .innerJoin(questionProperties, eq(questionProperties.id, quizBatches.propertyId))
    .where(where)
    .orderBy(limit ? desc(quizBatches.closedAt) : asc(quizBatches.id))
  const rows = limit ? await query.limit(limit) : await query
  return rows.map(({ batch, name, size, answered }) => ({
    batchId: batch.id,
    name,
    questionPropertId: batch.propertyId,
    source: batch.source,
    weekStart: batch.weekStart,
    createdAt: batch.createdAt.toISOString(),
    size,
    answered,
    attempts: batch.attempts,
    closedAt: batch.closedAt?.toISOString() ?? null,
    result:
      batch.closedAt && batch.correct !== null && batch.points !== null
        ? { correct: batch.correct, points: batch.points, status: outcomeOf(batch.correct, batch.passScore) }
        : null,
  }))
}
