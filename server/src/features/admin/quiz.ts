import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API, ROUTES } from '@core/api-paths'
import type { AdminQuizQuestion } from '@core/admin-contract'
import type { Paginated } from '@core/contract'
import { OPERATOR_TEXTS, quizQuestionSchema, type QuizQuestionForm } from '@core/operator-validation'
import type { Db, Tx } from '../../db/client'
import { answerOptions, ethnicGroups, quizAnswers, quizQuestions } from '../../db/schema'
import { lockForTakeOver, recordOverride } from '../../db/seed/overrides'
import { OPERATOR_KEY_PREFIX } from '../../db/seed/quiz'
import { badRequest, conflict, notFound } from '../../http/errors'
import { paging, optionalString, parseId } from '../../http/params'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import { LONG_TEXT_BODY } from '../../http/body-limits'
import { paginated } from '../../http/paginated'
import type { AdminDeps } from './shared'

export const QUIZ_TEXTS = {
  notFound: 'No question of the bank has that id.',
  groupFilter: 'ethnicGroupId is a group id, or "general".',
  answeredOption: 'Answers already given use an option you removed: keep as many options, or retire this question and write a new one.',
} as const

const AUDIT_TARGET = 'quiz_question'

/** LIKE wildcards in what the operator typed are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

async function assertGroup(db: Db | Tx, ethnicGroupId: number | null): Promise<void> {
  if (ethnicGroupId === null) return
  const [group] = await db.select({ id: ethnicGroups.id }).from(ethnicGroups).where(eq(ethnicGroups.id, ethnicGroupId))
  if (!group) throw badRequest(OPERATOR_TEXTS.unknownGroup, { ethnicGroupId: OPERATOR_TEXTS.unknownGroup })
}

type QuestionRow = typeof quizQuestions.$inferSelect

/** From the bank files and still kept in step with them (operators' questions have 'admin:' keys). */
const isBuiltIn = (row: QuestionRow) => !row.key.startsWith(OPERATOR_KEY_PREFIX)

async function toAdminQuestions(db: Db | Tx, rows: (typeof quizQuestions.$inferSelect)[]): Promise<AdminQuizQuestion[]> {
  if (rows.length === 0) return []
  const options = await db
    .select()
    .from(answerOptions)
    .where(
      inArray(
        answerOptions.questionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(answerOptions.questionId), asc(answerOptions.position))
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
 * moves to an operator key.
 */
async function lockedQuestion(tx: Tx, id: number): Promise<QuestionRow> {
  await lockForTakeOver(tx)
  const [row] = await tx
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, id), eq(quizQuestions.kind, 'fact')))
    .for('update')
  if (!row) throw notFound(QUIZ_TEXTS.notFound)
  return row
}

async function takeOver(tx: Tx, row: QuestionRow): Promise<QuestionRow> {
  if (!isBuiltIn(row)) return row
  await recordOverride(tx, 'quiz', row.key, row.id)
  const [taken] = await tx
    .update(quizQuestions)
    .set({ key: `${OPERATOR_KEY_PREFIX}seed:${row.key}` })
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
    if (used.n > 0) throw conflict(QUIZ_TEXTS.answeredOption, { options: QUIZ_TEXTS.answeredOption })
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

/** The ethnic-fact bank (kind 'fact'); questions made from proverbs are generated, so not listed here. */
export function quizBankRoutes(app: FastifyInstance, { db, now }: AdminDeps): void {
  const idOf = (raw: string) => {
    const id = parseId(raw)
    if (id === undefined) throw notFound(QUIZ_TEXTS.notFound)
    return id
  }

  app.get<{ Querystring: Record<string, unknown> }>(API.admin.quizQuestions, async (request): Promise<Paginated<AdminQuizQuestion>> => {
    const { page, size } = paging(request.query)
    const group = optionalString(request.query, 'ethnicGroupId', 12)
    const q = optionalString(request.query, 'q')
    const conditions: (SQL | undefined)[] = [eq(quizQuestions.kind, 'fact')]
    if (group === 'general') conditions.push(isNull(quizQuestions.ethnicGroupId))
    else if (group !== undefined) {
      const id = parseId(group)
      if (id === undefined) throw badRequest(QUIZ_TEXTS.groupFilter, { ethnicGroupId: QUIZ_TEXTS.groupFilter })
      conditions.push(eq(quizQuestions.ethnicGroupId, id))
    }
    if (q) conditions.push(ilike(quizQuestions.question, likePattern(q)))
    const where = and(...conditions)
    const [{ total }] = await db.select({ total: count() }).from(quizQuestions).where(where)
    const rows = await db
      .select()
      .from(quizQuestions)
      .where(where)
      .orderBy(desc(quizQuestions.id))
      .limit(size)
      .offset((page - 1) * size)
    return paginated(await toAdminQuestions(db, rows), total, { page, size })
  })

  app.post(API.admin.quizQuestions, { ...LONG_TEXT_BODY }, async (request, reply) => {
    const input = await parseBody(quizQuestionSchema, request.body)
    await assertGroup(db, input.ethnicGroupId)
    const data = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(quizQuestions)
        .values({
          key: `${OPERATOR_KEY_PREFIX}${randomUUID()}`,
          kind: 'fact',
          ethnicGroupId: input.ethnicGroupId,
          question: input.question,
          note: input.note,
          active: input.active ?? true,
        })
        .returning()
      await writeOptions(tx, row.id, input)
      await audit(
        tx,
        request.auth!.userId,
        { action: 'quiz_question.create', targetType: AUDIT_TARGET, targetId: row.id, detail: auditDetail(input) },
        now(),
      )
      const [question] = await toAdminQuestions(tx, [row])
      return question
    })
    return reply.code(201).send({ data })
  })

  app.put<{ Params: { id: string } }>(
    ROUTES.admin.quizQuestion,
    { ...LONG_TEXT_BODY },
    async (request): Promise<{ data: AdminQuizQuestion }> => {
      const id = idOf(request.params.id)
      const input = await parseBody(quizQuestionSchema, request.body)
      await assertGroup(db, input.ethnicGroupId)
      const data = await db.transaction(async (tx) => {
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
          request.auth!.userId,
          {
            action: 'quiz_question.update',
            targetType: AUDIT_TARGET,
            targetId: id,
            detail: { ...auditDetail(input), builtIn: isBuiltIn(locked) },
          },
          now(),
        )
        const [question] = await toAdminQuestions(tx, [row])
        return question
      })
      return { data }
    },
  )

  // Retire, never delete: batches that hold the question keep it, and it is not picked again.
  app.delete<{ Params: { id: string } }>(ROUTES.admin.quizQuestion, async (request): Promise<{ data: AdminQuizQuestion }> => {
    const id = idOf(request.params.id)
    const data = await db.transaction(async (tx) => {
      const locked = await lockedQuestion(tx, id)
      // Already retired (by an operator, or by seeding when it left the files): nothing to do, nothing taken over.
      if (!locked.active) return (await toAdminQuestions(tx, [locked]))[0]
      const current = await takeOver(tx, locked)
      await tx.update(quizQuestions).set({ active: false }).where(eq(quizQuestions.id, id))
      await audit(
        tx,
        request.auth!.userId,
        { action: 'quiz_question.retire', targetType: AUDIT_TARGET, targetId: id, detail: { builtIn: isBuiltIn(locked) } },
        now(),
      )
      const [question] = await toAdminQuestions(tx, [{ ...current, active: false }])
      return question
    })
    return { data }
  })
}
