import { and, asc, count, eq, sql } from 'drizzle-orm'
import { languageTag } from '@core/shared/constants'
import type { QuizAnswerItem, QuizAnswerReceipt, QuizAttempt, QuizData, QuizQuestion, QuizResult } from '@core/quiz/contract'
import { outcomeOf, POINTS_PER_CORRECT } from '@core/quiz/quiz'
import type { Db, Tx } from '../../db/client'
import {
  answerOptions,
  ethnicGroups,
  leaderboardTotals,
  proverbs,
  questionProperties,
  quizAnswers,
  quizBatches,
  quizBatchQuestions,
  quizQuestions,
  quizReceipts,
} from '../../db/schema'
import { badRequest, HttpError, notFound } from '../../http/errors'
import { optionsOfQuestions } from '../../services/answer-options'
import { keyReused } from '../../http/receipts'

type Batch = typeof quizBatches.$inferSelect

/*
 * Playing a batch: its questions, each answer taken once (receipts by Idempotency-Key), closing it and its
 * result. The batches on offer are made in batch-service.ts.
 */

const NOT_YOURS = 'No quiz of yours has that id.'
export const QUIZ_CLOSED = 'This quiz has been submitted, so its answers can no longer change.'
export const QUIZ_OPEN = 'This quiz is still open. Submit it to see your result.'

/** The caller's batch, or 404 — another user's batch is as unknown as a missing one. */
async function ownBatch(db: Db | Tx, userId: number, batchId: number | undefined, lock = false): Promise<Batch> {
  if (batchId === undefined) throw notFound(NOT_YOURS)
  const query = db
    .select()
    .from(quizBatches)
    .where(and(eq(quizBatches.id, batchId), eq(quizBatches.userId, userId)))
  const [batch] = lock ? await query.for('update') : await query
  if (!batch) throw notFound(NOT_YOURS)
  return batch
}

async function batchQuestions(db: Db | Tx, batchId: number) {
  const rows = await db
    .select({
      id: quizQuestions.id,
      position: quizBatchQuestions.position,
      kind: quizQuestions.kind,
      question: quizQuestions.question,
      quote: quizQuestions.quote,
      note: quizQuestions.note,
      sources: quizQuestions.sources,
      ethnic: { id: ethnicGroups.id, name: ethnicGroups.name, slug: ethnicGroups.slug },
      source: { proverb: proverbs.proverb, transliteration: proverbs.transliteration, interpretation: proverbs.interpretation },
      chosen: quizAnswers.answerOptionId,
    })
    .from(quizBatchQuestions)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizBatchQuestions.questionId))
    .leftJoin(ethnicGroups, eq(ethnicGroups.id, quizQuestions.ethnicGroupId))
    .leftJoin(proverbs, eq(proverbs.id, quizQuestions.proverbId))
    .leftJoin(quizAnswers, and(eq(quizAnswers.batchId, batchId), eq(quizAnswers.questionId, quizQuestions.id)))
    .where(eq(quizBatchQuestions.batchId, batchId))
    .orderBy(asc(quizBatchQuestions.position))
  const options = await optionsOfQuestions(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => ({ ...row, options: options.filter((o) => o.questionId === row.id) }))
}

/** The language tag of the proverb a question quotes, if it quotes one. */
const quoteLanguage = (q: { quote: string | null; ethnic: { slug: string } | null }) =>
  q.quote && q.ethnic ? (languageTag(q.ethnic.slug) ?? null) : null

/** The quiz for playing: questions and options, and the key only once the attempt is closed. */
export async function quizData(db: Db, userId: number, batchId: number | undefined): Promise<QuizData> {
  const batch = await ownBatch(db, userId, batchId)
  const [property] = await db
    .select({ name: questionProperties.name })
    .from(questionProperties)
    .where(eq(questionProperties.id, batch.propertyId))
  const closed = batch.closedAt !== null
  const questions: QuizQuestion[] = (await batchQuestions(db, batch.id)).map((q) => ({
    ethnicfactQuestionId: q.id,
    position: q.position,
    kind: q.kind,
    question: q.question,
    proverb: q.quote,
    ethnic: q.ethnic,
    lang: quoteLanguage(q),
    answerOptions: q.options.map((o) => (closed ? { id: o.id, text: o.text, correct: o.correct } : { id: o.id, text: o.text })),
    chosenOptionId: q.chosen,
  }))
  return {
    batchId: batch.id,
    name: property.name,
    source: batch.source,
    weekStart: batch.weekStart,
    passScore: batch.passScore,
    closedAt: batch.closedAt?.toISOString() ?? null,
    questions,
  }
}

async function questionInBatch(db: Db | Tx, batchId: number, questionId: number | undefined): Promise<number> {
  const [row] =
    questionId === undefined
      ? []
      : await db
          .select({ id: quizBatchQuestions.questionId })
          .from(quizBatchQuestions)
          .where(and(eq(quizBatchQuestions.batchId, batchId), eq(quizBatchQuestions.questionId, questionId)))
  if (!row) throw notFound('That question is not part of this quiz.')
  return row.id
}

export async function givenAnswer(db: Db, userId: number, batchId: number | undefined, questionId: number | undefined) {
  const batch = await ownBatch(db, userId, batchId)
  const id = await questionInBatch(db, batch.id, questionId)
  const [answer] = await db
    .select({ optionId: quizAnswers.answerOptionId })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.batchId, batch.id), eq(quizAnswers.questionId, id)))
  return { batchId: batch.id, ethnicFactQuestionId: id, answerOptionId: answer?.optionId ?? null }
}

/** A key seen before: the same request again is a no-op that succeeds; the key on another request is refused. */
async function seenReceipt(tx: Tx, userId: number, key: string | undefined) {
  if (!key) return undefined
  const [receipt] = await tx
    .select()
    .from(quizReceipts)
    .where(and(eq(quizReceipts.userId, userId), eq(quizReceipts.key, key)))
  return receipt
}

/**
 * Stores an answer. The batch row is locked, so an answer and the close never cross: an answer either
 * lands before the close (and counts) or is refused after it. The last answer to a question wins.
 */
export async function submitAnswer(
  db: Db,
  userId: number,
  item: QuizAnswerItem,
  key: string | undefined,
  now: Date,
): Promise<QuizAnswerReceipt> {
  return db.transaction(async (tx) => {
    const batch = await ownBatch(tx, userId, item.batchId, true)
    const seen = await seenReceipt(tx, userId, key)
    if (seen) {
      if (seen.batchId !== item.batchId || seen.questionId !== item.ethnicFactQuestionId || seen.answerOptionId !== item.answerOptionId)
        throw keyReused()
      return { ...item, replayed: true }
    }
    if (batch.closedAt) throw new HttpError(409, 'quiz_closed', QUIZ_CLOSED)
    const questionId = await questionInBatch(tx, batch.id, item.ethnicFactQuestionId)
    const [option] = await tx
      .select({ id: answerOptions.id })
      .from(answerOptions)
      .where(and(eq(answerOptions.id, item.answerOptionId), eq(answerOptions.questionId, questionId)))
    if (!option)
      throw badRequest('That answer option does not belong to the question.', { answerOptionId: 'Not an option of this question' })
    await tx
      .insert(quizAnswers)
      .values({ batchId: batch.id, questionId, answerOptionId: option.id, answeredAt: now })
      .onConflictDoUpdate({ target: [quizAnswers.batchId, quizAnswers.questionId], set: { answerOptionId: option.id, answeredAt: now } })
    if (key)
      await tx.insert(quizReceipts).values({ userId, key, batchId: batch.id, questionId, answerOptionId: option.id, receivedAt: now })
    return { ...item, replayed: false }
  })
}

/**
 * Closes the attempt and counts it (spec: update_attempt): grades it, and adds its points to the week's
 * and the all-time leaderboard. Closing a closed attempt changes nothing.
 */
export async function closeAttempt(
  db: Db,
  userId: number,
  batchId: number | undefined,
  key: string | undefined,
  now: Date,
): Promise<QuizAttempt> {
  return db.transaction(async (tx) => {
    const batch = await ownBatch(tx, userId, batchId, true)
    const seen = await seenReceipt(tx, userId, key)
    if (seen && (seen.batchId !== batch.id || seen.questionId !== null)) throw keyReused()
    if (batch.closedAt) {
      if (key && !seen) await tx.insert(quizReceipts).values({ userId, key, batchId: batch.id, receivedAt: now })
      return { batchId: batch.id, attempts: batch.attempts, closedAt: batch.closedAt.toISOString() }
    }
    const [{ correct }] = await tx
      .select({ correct: count() })
      .from(quizAnswers)
      .innerJoin(answerOptions, eq(answerOptions.id, quizAnswers.answerOptionId))
      .where(and(eq(quizAnswers.batchId, batch.id), eq(answerOptions.correct, true)))
    const points = correct * POINTS_PER_CORRECT
    await tx
      .update(quizBatches)
      .set({ closedAt: now, attempts: batch.attempts + 1, correct, points })
      .where(eq(quizBatches.id, batch.id))
    for (const period of [batch.weekStart, 'all']) {
      await tx
        .insert(leaderboardTotals)
        .values({ period, userId, points, finishedAt: now })
        .onConflictDoUpdate({
          target: [leaderboardTotals.period, leaderboardTotals.userId],
          // The finish that counts on a tie is when the player reached their points, so a quiz adding none leaves it.
          set: {
            points: sql`${leaderboardTotals.points} + excluded.points`,
            finishedAt: sql`case when excluded.points > 0 then excluded.finished_at else ${leaderboardTotals.finishedAt} end`,
          },
        })
    }
    if (key) await tx.insert(quizReceipts).values({ userId, key, batchId: batch.id, receivedAt: now })
    return { batchId: batch.id, attempts: batch.attempts + 1, closedAt: now.toISOString() }
  })
}

export async function quizResult(db: Db, userId: number, batchId: number | undefined): Promise<QuizResult> {
  const batch = await ownBatch(db, userId, batchId)
  if (!batch.closedAt) throw conflictWithCode('quiz_open', QUIZ_OPEN)
  const [property] = await db
    .select({ name: questionProperties.name })
    .from(questionProperties)
    .where(eq(questionProperties.id, batch.propertyId))
  const questions = await batchQuestions(db, batch.id)
  const correct = batch.correct ?? 0
  const answered = questions.filter((q) => q.chosen !== null).length
  return {
    batchId: batch.id,
    name: property.name,
    total: questions.length,
    correct,
    wrong: answered - correct,
    unanswered: questions.length - answered,
    passScore: batch.passScore,
    points: batch.points ?? 0,
    status: outcomeOf(correct, batch.passScore),
    closedAt: batch.closedAt.toISOString(),
    review: questions.map((q) => ({
      ethnicfactQuestionId: q.id,
      position: q.position,
      question: q.question,
      proverb: q.quote,
      lang: quoteLanguage(q),
      chosenOptionId: q.chosen,
      correctOptionId: q.options.find((o) => o.correct)!.id,
      answerOptions: q.options.map((o) => ({ id: o.id, text: o.text })),
      note: q.note.trim() || null,
      source: q.source && q.ethnic ? { ethnic: q.ethnic, ...q.source, lang: languageTag(q.ethnic.slug) ?? null } : null,
      sources: q.sources,
    })),
  }
}

const conflictWithCode = (code: string, message: string) => new HttpError(409, code, message)
