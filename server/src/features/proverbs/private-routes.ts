import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import type { ProverbMarks } from '@core/proverbs/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import type { Limit } from '../../http/rate-limit'
import { etagMatches, sendCompressedJson, type SendPublic } from '../../http/public-cache'
import { notFound } from '../../http/errors'
import { answerOnce, receiptScope } from '../../http/receipts'
import { calendarDate, hasControlCharacters, optionalString, paging, positiveInt } from '../../http/params'
import { favouriteProverbs, searchOf } from '../../services/proverbs'
import { paginated } from '../../http/paginated'
import type { CorpusSearch } from '../../services/corpus-search'
import { packPageTag } from './pack-size-service'
import { marksOf } from './repository'
import { GROUP_NOT_FOUND, markFavourite, markLike, readerGroups, readerLanguages, readerProverbs, readerTrending } from './service'

/** `likesPerMinute`: likes and unlikes a reader may make in a minute (OWE_LIKE_RATE_LIMIT, 60: far past what a person taps, well short of a script). */
type Deps = { db: Db; now: () => Date; sendPublic: SendPublic; corpusSearch: CorpusSearch; likesPerMinute: number }

/** Signed-in reading: the groups a user may read, their proverbs, trending among them, favourites and likes. */
export function privateProverbRoutes(app: FastifyInstance, { db, now, sendPublic, corpusSearch, likesPerMinute }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const likeLimit: Limit = { name: 'likes', max: likesPerMinute, windowMs: 60_000 }

  app.get(API.languagesPrivate, { preHandler: requireUser }, async (request) => ({
    data: await readerLanguages(db, sessionOf(request).userId, now()),
  }))

  app.get(API.ethnicGroupsLogged, { preHandler: requireUser }, async (request) => ({
    data: await readerGroups(db, sessionOf(request).userId, now()),
  }))

  app.get(API.trendingPrivate, { preHandler: requireUser }, async (request) => {
    const query = request.query as Record<string, unknown>
    const limit = positiveInt(query, 'limit', 10, 50)
    const date = calendarDate(query, 'date', now())
    return { data: await readerTrending(db, sessionOf(request).userId, date, limit, now()) }
  })

  // A page carries a validator of what the device keeps of it (likes aside): a pack's refresh sends it back and a
  // page that has not changed is answered 304, with no body; one that has is compressed, as the public reads are
  // (docs/decisions/021-keep-by-default.md).
  app.get<{ Params: { group: string } }>(ROUTES.proverbsLogged, { preHandler: requireUser }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const { page, size } = paging(query)
    const search = searchOf(optionalString(query, 'q') ?? '')
    const { group } = request.params
    if (group.length > 100 || hasControlCharacters(group)) throw notFound(GROUP_NOT_FOUND)
    const body = await readerProverbs({ db, corpusSearch }, sessionOf(request).userId, group, search, { page, size }, now())
    const tag = packPageTag(body.data)
    reply.header('ETag', tag).header('Cache-Control', 'private, no-cache')
    if (etagMatches(request.headers['if-none-match'], tag)) return reply.code(304).send()
    return sendCompressedJson(request, reply, JSON.stringify(body))
  })

  app.get(API.favourites, { preHandler: requireUser }, async (request) => {
    const { page, size } = paging(request.query as Record<string, unknown>)
    const { items, total } = await favouriteProverbs(db, sessionOf(request).userId, page, size)
    return paginated(items, total, { page, size })
  })

  app.get(API.marks, { preHandler: requireUser }, async (request) => {
    const marks: ProverbMarks = await marksOf(db, sessionOf(request).userId)
    return { data: marks }
  })

  // Hearts and likes come from a device's queue (src/offline/queue.ts), each under its own Idempotency-Key: a
  // resend gets its first answer back, so a choice taken back since is never undone by an old one arriving again.
  const likes = { sendPublic, limit: likeLimit }
  const mark = (kind: 'favourite' | 'like', on: boolean) => (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { userId } = sessionOf(request)
    const what = `${on ? 'PUT' : 'DELETE'} ${kind} ${request.params.id}`
    return answerOnce({ db, now }, request, reply, { scope: receiptScope(userId), what }, async (tx) => ({
      status: 200,
      data:
        kind === 'favourite'
          ? await markFavourite(tx, userId, request.params.id, on, now())
          : await markLike({ db: tx, ...likes }, userId, request.params.id, on, now),
    }))
  }
  app.put<{ Params: { id: string } }>(ROUTES.favourite, { preHandler: requireUser }, mark('favourite', true))
  app.delete<{ Params: { id: string } }>(ROUTES.favourite, { preHandler: requireUser }, mark('favourite', false))
  app.put<{ Params: { id: string } }>(ROUTES.like, { preHandler: requireUser }, mark('like', true))
  app.delete<{ Params: { id: string } }>(ROUTES.like, { preHandler: requireUser }, mark('like', false))
}
