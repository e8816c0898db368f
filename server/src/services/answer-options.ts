import { asc, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { answerOptions } from '../db/schema'

export type AnswerOptionRow = typeof answerOptions.$inferSelect

/** The answer options of these questions, each question's in their order (none asked, none read). */
export async function optionsOfQuestions(db: Db | Tx, questionIds: number[]): Promise<AnswerOptionRow[]> {
  if (questionIds.length === 0) return []
  return db
    .select()
    .from(answerOptions)
    .where(inArray(answerOptions.questionId, questionIds))
    .orderBy(asc(answerOptions.questionId), asc(answerOptions.position))
}
