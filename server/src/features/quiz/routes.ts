import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import type { QuizAnswerItem } from '@core/quiz/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { idempotencyKey } from '../../http/receipts'
import { badRequest, forbidden } from '../../http/errors'
import { calendarDate, MAX_ID, paging, parseId } from '../../http/params'
import { generateBatch, generatedBatches, listProperties, recentBatches, weekBatches } from './batch-service'
import { closeAttempt, givenAnswer, quizData, quizResult, submitAnswer } from './service'

type Deps = { db: Db; now: () => Date }

const ID_FIELDS = ['batchId', 'answerOptionId', 'ethnicFactQuestionId'] as const

/**
 * The answer item (docs/requirements.md#r6-quizzes-and-leaderboard); each id a whole number (a digit string is read as
 * one).
 */
export function parseAnswerItem(body: unknown): QuizAnswerItem {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Send a JSON object with batchId, answerOptionId and ethnicFactQuestionId.')
  const item = {} as QuizAnswerItem
  const fields: Record<string, string> = {}
  for (const name of ID_FIELDS) {
    const value = (body as Record<string, unknown>)[name]
    const id =
      typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
        ? value
        : typeof value === 'string'
          ? parseId(value)
          : undefined
    if (id === undefined) fields[name] = value === undefined || value === null ? 'Required' : 'Must be a whole number id'
    else item[name] = id
  }
  if (Object.keys(fields).length) throw badRequest(`"${Object.keys(fields)[0]}" is missing or not an id.`, fields)
  return item
}

/**
 * The quiz calls (docs/requirements.md#r6-quizzes-and-leaderboard). Every batch is its owner's: another user's id
 * answers as a missing one does.
 */
export function quizRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const userOf = (request: FastifyRequest) => sessionOf(request).userId
  const dateOf = (request: FastifyRequest) => calendarDate(request.query as Record<string, unknown>, 'currentDate', now())

  app.get(API.questionProperties, { preHandler: requireUser }, async (request) => {
    const { page, size } = paging(request.query as Record<string, unknown>)
    return listProperties(db, page, size)
  })

  app.get(API.quizWeek, { preHandler: requireUser }, async (request) => ({
    data: await weekBatches(db, userOf(request), dateOf(request), now()),
  }))
  app.get(API.quizWeekGenerated, { preHandler: requireUser }, async (request) => ({
    data: await generatedBatches(db, userOf(request), dateOf(request)),
  }))
  app.get(API.quizRecent, { preHandler: requireUser }, async (request) => ({ data: await recentBatches(db, userOf(request)) }))

  app.post<{ Params: { userId: string; propertyId: string } }>(ROUTES.quizGenerate, { preHandler: requireUser }, async (request, reply) => {
    if (parseId(request.params.userId) !== userOf(request)) throw forbidden('You can only make quizzes for yourself.')
    const propertyId = parseId(request.params.propertyId)
    if (propertyId === undefined) throw badRequest('The question property id must be a whole number.')
    return reply.code(201).send({ data: await generateBatch(db, userOf(request), propertyId, now()) })
  })

  app.get<{ Params: { batchId: string } }>(ROUTES.quiz, { preHandler: requireUser }, async (request) => ({
    data: [await quizData(db, userOf(request), parseId(request.params.batchId))],
  }))

  app.get<{ Params: { batchId: string; questionId: string } }>(ROUTES.quizAnswer, { preHandler: requireUser }, async (request) => ({
    data: await givenAnswer(db, userOf(request), parseId(request.params.batchId), parseId(request.params.questionId)),
  }))

  app.post(API.quizSubmitSingle, { preHandler: requireUser }, async (request) => {
    const key = idempotencyKey(request)
    return { data: await submitAnswer(db, userOf(request), parseAnswerItem(request.body), key, now()) }
  })

  app.get<{ Params: { batchId: string } }>(ROUTES.quizResult, { preHandler: requireUser }, async (request) => ({
    data: await quizResult(db, userOf(request), parseId(request.params.batchId)),
  }))

  // The spec lists GET; POST is what the app sends (docs/requirements.md#r15-api-contract: a GET never changes state).
  // Both close once.
  const close = async (request: FastifyRequest<{ Params: { batchId: string } }>) => ({
    data: await closeAttempt(db, userOf(request), parseId(request.params.batchId), idempotencyKey(request), now()),
  })
  app.post<{ Params: { batchId: string } }>(ROUTES.quizUpdateAttempt, { preHandler: requireUser }, close)
  app.get<{ Params: { batchId: string } }>(ROUTES.quizUpdateAttempt, { preHandler: requireUser }, close)
}
