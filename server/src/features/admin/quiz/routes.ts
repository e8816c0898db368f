import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import type { AdminQuizQuestion } from '@core/admin/contract'
import type { Paginated } from '@core/http/contract'
import { quizQuestionSchema } from '@core/admin/validation'
import { LONG_TEXT_BODY } from '../../../http/body-limits'
import { badRequest } from '../../../http/errors'
import { optionalString, parseId } from '../../../http/params'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { createQuizQuestion, listQuizQuestions, retireQuizQuestion, updateQuizQuestion, type QuizBankFilter } from './repository'
import { QUIZ_BANK_TEXTS } from '@core/admin/api-texts'

/** ?ethnicGroupId=: a group id, or "general" for the questions of no group. */
function groupFilter(raw: string | undefined): QuizBankFilter['group'] {
  if (raw === undefined || raw === 'general') return raw
  const id = parseId(raw)
  if (id === undefined) throw badRequest(QUIZ_BANK_TEXTS.groupFilter, { ethnicGroupId: QUIZ_BANK_TEXTS.groupFilter })
  return id
}

/** The ethnic-fact bank (kind 'fact'); questions made from proverbs are generated, so not listed here. */
export const quizBankRoutes: AdminRoutes = (app, { db, now }) => {
  app.get<{ Querystring: Record<string, unknown> }>(ADMIN_API.quizQuestions, async (request): Promise<Paginated<AdminQuizQuestion>> => {
    const paging = pageOf(request.query)
    const group = groupFilter(optionalString(request.query, 'ethnicGroupId', 12))
    const { items, total } = await listQuizQuestions(db, { group, q: optionalString(request.query, 'q') }, paging)
    return paginated(items, total, paging)
  })

  app.post(ADMIN_API.quizQuestions, { ...LONG_TEXT_BODY }, async (request, reply) => {
    const input = await parseBody(quizQuestionSchema, request.body)
    const data = await createQuizQuestion(db, request.auth!.userId, input, now())
    return reply.code(201).send({ data })
  })

  app.put<{ Params: { id: string } }>(
    ADMIN_ROUTES.quizQuestion,
    { ...LONG_TEXT_BODY },
    async (request): Promise<{ data: AdminQuizQuestion }> => {
      const id = pathId(request.params.id, QUIZ_BANK_TEXTS.notFound)
      const input = await parseBody(quizQuestionSchema, request.body)
      return { data: await updateQuizQuestion(db, request.auth!.userId, id, input, now()) }
    },
  )

  app.delete<{ Params: { id: string } }>(ADMIN_ROUTES.quizQuestion, async (request): Promise<{ data: AdminQuizQuestion }> => {
    const id = pathId(request.params.id, QUIZ_BANK_TEXTS.notFound)
    return { data: await retireQuizQuestion(db, request.auth!.userId, id, now()) }
  })
}
