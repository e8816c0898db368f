import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { AdminQuizQuestion } from '@core/admin/contract'
import { type QuizQuestionForm } from '@core/admin/validation'
import type { Db, Tx } from '../../../db/client'
import { answerOptions, ethnicGroups, quizAnswers, quizQuestions } from '../../../db/schema'
import { lockForTakeOver, recordOverride } from '../../../db/seed/overrides'
import { ADMIN_KEY_PREFIX } from '../../../db/seed/quiz'
import { badRequest, conflict, notFound } from '../../../http/errors'
import { optionsOfQuestions } from '../../../services/answer-options'
import { audit } from '../../../services/audit'
import type { Page } from '../shared'
import { ADMIN_TEXTS } from '@core/admin/texts'
import { QUIZ_BANK_TEXTS } from '@core/admin/api-texts'

const AUDIT_TARGET = 'quiz_question'

/** LIKE wildcards in what the admin typed are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

async function assertGroup(db: Db | Tx, ethnicGroupId: number | null): Promise<void> {
  if (ethnicGroupId === null) return
  const [group] = await db.select({ id: ethnicGroups.id }).from(ethnicGroups).where(eq(ethnicGroups.id, ethnicGroupId))
  if (!group) throw badRequest(ADMIN_TEXTS.unknownGroup, { ethnicGroupId: ADMIN_TEXTS.unknownGroup })
}

type QuestionRow = typeof quizQuestions.$inferSelect

/** From the bank files and still kept in step with them (admins' questions have 'admin:' keys). */
const isBuiltIn = (row: QuestionRow) => !row.key.startsWith(ADMIN_KEY_PREFIX)

async function toAdminQuestions(db: Db | Tx, rows: (typeof quizQuestions.$inferSelect)[]): Promise<AdminQuizQuestion[]> {
  if (rows.length === 0) return []
  const options = await optionsOfQuestions(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => {
    const own = options.filter((o) => o.questionId === row.id)
    return {
      id: row.id,
      ethnicGroupId: row.ethnicGroupId,
      question: row.question,
      options: own.map((o) => o.text),
      correct: own.findIndex((o) => o.correct),
      note: row.note,
      active: row.active,
      builtIn: isBuiltIn(row),
    }
  })
}

/**
 * A question of the bank about to be changed or retired. One from the bank files is taken over first: its
 * file key is recorded (seed_overrides), so seeding neither writes it back nor brings it back, and the row
 * moves to an admin key.
 */
async function lockedQuestion(tx: Tx, id: number): Promise<QuestionRow> {
  await lockForTakeOver(tx)
  const [row] = await tx
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, id), eq(quizQuestions.kind, 'fact')))
    .for('update')
  if (!row) throw notFound(QUIZ_BANK_TEXTS.notFound)
  return row
}

async function takeOver(tx: Tx, row: QuestionRow): Promise<QuestionRow> {
  if (!isBuiltIn(row)) return row
  await recordOverride(tx, 'quiz', row.key, row.id)
  const [taken] = await tx
    .update(quizQuestions)
    .set({ key: `${ADMIN_KEY_PREFIX}seed:${row.key}` })
    .where(eq(quizQuestions.id, row.id))
    .returning()
  return taken
}

/** Options follow the input by position, in place: the ids that answers already given point to stay. */
async function writeOptions(tx: Tx, questionId: number, input: QuizQuestionForm): Promise<void> {
  const removed = await tx
    .select({ id: answerOptions.id })
    .from(answerOptions)
    .where(and(eq(answerOptions.questionId, questionId), sql`${answerOptions.position} >= ${input.options.length}`))
  if (removed.length > 0) {
    const ids = removed.map((r) => r.id)
    const [used] = await tx.select({ n: count() }).from(quizAnswers).where(inArray(quizAnswers.answerOptionId, ids))
    if (used.n > 0) throw conflict(QUIZ_BANK_TEXTS.answeredOption, { options: QUIZ_BANK_TEXTS.answeredOption })
    await tx.delete(answerOptions).where(inArray(answerOptions.id, ids))
  }
  await tx
    .insert(answerOptions)
    .values(input.options.map((text, position) => ({ questionId, position, text: text!, correct: position === input.correct })))
    .onConflictDoUpdate({
      target: [answerOptions.questionId, answerOptions.position],
      set: { text: sql`excluded.text`, correct: sql`excluded.correct` },
    })
}

const auditDetail = (input: QuizQuestionForm) => ({
  ethnicGroupId: input.ethnicGroupId,
  question: input.question,
  options: input.options,
  correct: input.correct,
  note: input.note,
  active: input.active,
})

/** Which questions of the bank to list: one group's, the general ones ('general'), or all (undefined). */
export type QuizBankFilter = { group: number | 'general' | undefined; q: string | undefined }

/** The ethnic-fact bank (kind 'fact'), newest first; questions made from proverbs are generated, so not listed here. */
export async function listQuizQuestions(
  db: Db,
  filter: QuizBankFilter,
  { page, size }: Page,
): Promise<{ items: AdminQuizQuestion[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(quizQuestions.kind, 'fact')]
  if (filter.group === 'general') conditions.push(isNull(quizQuestions.ethnicGroupId))
  else if (filter.group !== undefined) conditions.push(eq(quizQuestions.ethnicGroupId, filter.group))
  if (filter.q) conditions.push(ilike(quizQuestions.question, likePattern(filter.q)))
  const where = and(...conditions)
  const [{ total }] = await db.select({ total: count() }).from(quizQuestions).where(where)
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(where)
    .orderBy(desc(quizQuestions.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: await toAdminQuestions(db, rows), total }
}

export async function createQuizQuestion(db: Db, actor: number, input: QuizQuestionForm, at: Date): Promise<AdminQuizQuestion> {
  await assertGroup(db, input.ethnicGroupId)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizQuestions)
      .values({
        key: `${ADMIN_KEY_PREFIX}${randomUUID()}`,
        kind: 'fact',
        ethnicGroupId: input.ethnicGroupId,
        question: input.question,
        note: input.note,
        active: input.active ?? true,
      })
      .returning()
    await writeOptions(tx, row.id, input)
    await audit(tx, actor, { action: 'quiz_question.create', targetType: AUDIT_TARGET, targetId: row.id, detail: auditDetail(input) }, at)
    const [question] = await toAdminQuestions(tx, [row])
    return question
  })
}

export async function updateQuizQuestion(db: Db, actor: number, id: number, input: QuizQuestionForm, at: Date): Promise<AdminQuizQuestion> {
  await assertGroup(db, input.ethnicGroupId)
  return db.transaction(async (tx) => {
    const locked = await lockedQuestion(tx, id)
    const current = await takeOver(tx, locked)
    const [row] = await tx
      .update(quizQuestions)
      .set({ ethnicGroupId: input.ethnicGroupId, question: input.question, note: input.note, active: input.active ?? current.active })
      .where(eq(quizQuestions.id, id))
      .returning()
    await writeOptions(tx, id, input)
    await audit(
      tx,
      actor,
      {
        action: 'quiz_question.update',
        targetType: AUDIT_TARGET,
        targetId: id,
        detail: { ...auditDetail(input), builtIn: isBuiltIn(locked) },
      },
      at,
    )
    const [question] = await toAdminQuestions(tx, [row])
    return question
  })
}

/** Retire, never delete: batches that hold the question keep it, and it is not picked again. */
export async function retireQuizQuestion(db: Db, actor: number, id: number, at: Date): Promise<AdminQuizQuestion> {
  return db.transaction(async (tx) => {
    const locked = await lockedQuestion(tx, id)
    // Already retired (by an admin, or by seeding when it left the files): nothing to do, nothing taken over.
    if (!locked.active) return (await toAdminQuestions(tx, [locked]))[0]
    const current = await takeOver(tx, locked)
    await tx.update(quizQuestions).set({ active: false }).where(eq(quizQuestions.id, id))
    await audit(
      tx,
      actor,
      { action: 'quiz_question.retire', targetType: AUDIT_TARGET, targetId: id, detail: { builtIn: isBuiltIn(locked) } },
      at,
    )
    const [question] = await toAdminQuestions(tx, [{ ...current, active: false }])
    return question
  })
}
