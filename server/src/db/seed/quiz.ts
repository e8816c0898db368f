import { and, eq, notInArray, notLike, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { LANGUAGE_SLUGS } from '@core/shared/constants'
import type { Tx } from '../client'
import { answerOptions, ethnicGroups, questionProperties, quizQuestions } from '../schema'
import type { CorpusSource } from './corpus'
import { overridesOf } from './overrides'

/** One question of the ethnic-fact bank (`quiz/{group}.json`, `quiz/general.json`), with where its fact is recorded. */
export type FactQuestion = { key: string; question: string; options: string[]; correct: number; note?: string; sources?: CorpusSource[] }

const QUIZ_DIR = fileURLToPath(new URL('./quiz/', import.meta.url))
export const GENERAL = 'general'
/** Keys of the questions admins write (server/src/features/admin/quiz/repository.ts): not the files', so never retired here. */
export const ADMIN_KEY_PREFIX = 'admin:'

/** The bank by file: each group's slug, and `general` for questions about the peoples as a whole. */
export function factBank(): Map<string, FactQuestion[]> {
  const bank = new Map<string, FactQuestion[]>()
  for (const name of [...LANGUAGE_SLUGS, GENERAL]) {
    const file = `${QUIZ_DIR}${name}.json`
    bank.set(name, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FactQuestion[]) : [])
  }
  return bank
}

/** How batches are composed: ten questions, six to pass. The first two are every user's weekly quizzes. */
export const QUESTION_PROPERTIES = [
  {
    name: 'Weekly mix',
    description: 'Five questions about your first language’s people, three about your other peoples and two about all eight.',
    preferredCount: 5,
    otherCount: 3,
    generalCount: 2,
    passScore: 6,
    weekly: true,
  },
  {
    name: 'Your people',
    description: 'Ten questions about the people of your first language: their proverbs, history and speech.',
    preferredCount: 10,
    otherCount: 0,
    generalCount: 0,
    passScore: 6,
    weekly: true,
  },
  {
    name: 'Across the continent',
    description: 'Ten questions across your peoples and the eight as a whole.',
    preferredCount: 3,
    otherCount: 4,
    generalCount: 3,
    passScore: 6,
    weekly: false,
  },
]

/**
 * Question properties and the fact bank, matched by name and key so that seeding twice adds nothing.
 * A question dropped from the files is retired (batches that hold it keep it); its options follow the file.
 * A question an admin changed or retired (seed_overrides 'quiz') is skipped: it is theirs now, under
 * an admin key, and its file key is not brought back.
 */
export async function seedQuiz(tx: Tx, bank = factBank()): Promise<void> {
  await tx
    .insert(questionProperties)
    .values(QUESTION_PROPERTIES.map((p, position) => ({ ...p, position })))
    .onConflictDoUpdate({
      target: questionProperties.name,
      set: {
        description: sql`excluded.description`,
        preferredCount: sql`excluded.preferred_count`,
        otherCount: sql`excluded.other_count`,
        generalCount: sql`excluded.general_count`,
        passScore: sql`excluded.pass_score`,
        weekly: sql`excluded.weekly`,
        position: sql`excluded.position`,
      },
    })

  const groups = new Map((await tx.select({ id: ethnicGroups.id, slug: ethnicGroups.slug }).from(ethnicGroups)).map((g) => [g.slug, g.id]))
  const overridden = await overridesOf(tx, 'quiz')
  const rows = [...bank].flatMap(([file, questions]) =>
    questions
      .filter((q) => !overridden.has(q.key))
      .map((q) => ({
        q,
        values: {
          key: q.key,
          kind: 'fact' as const,
          ethnicGroupId: file === GENERAL ? null : groups.get(file)!,
          question: q.question,
          note: q.note ?? '',
          sources: q.sources ?? [],
          active: true,
        },
      })),
  )
  if (rows.length === 0) return
  const saved = await tx
    .insert(quizQuestions)
    .values(rows.map((r) => r.values))
    .onConflictDoUpdate({
      target: quizQuestions.key,
      set: {
        question: sql`excluded.question`,
        ethnicGroupId: sql`excluded.ethnic_group_id`,
        note: sql`excluded.note`,
        sources: sql`excluded.sources`,
        active: true,
      },
    })
    .returning({ id: quizQuestions.id, key: quizQuestions.key })
  const ids = new Map(saved.map((s) => [s.key, s.id]))
  await tx
    .update(quizQuestions)
    .set({ active: false })
    .where(
      and(
        eq(quizQuestions.kind, 'fact'),
        notLike(quizQuestions.key, `${ADMIN_KEY_PREFIX}%`),
        notInArray(quizQuestions.key, [...ids.keys()]),
      ),
    )
  await tx
    .insert(answerOptions)
    .values(
      rows.flatMap(({ q }) =>
        q.options.map((text, position) => ({ questionId: ids.get(q.key)!, position, text, correct: position === q.correct })),
      ),
    )
    .onConflictDoUpdate({
      target: [answerOptions.questionId, answerOptions.position],
      set: { text: sql`excluded.text`, correct: sql`excluded.correct` },
    })
}
