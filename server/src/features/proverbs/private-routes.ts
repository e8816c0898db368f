import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API, ROUTES } from '@core/api-paths'
import type { Language, ProverbMarks } from '@core/contract'
import { PLAN_TEXTS } from '@core/plans'
import { searchTerms } from '@core/search'
import type { Db } from '../../db/client'
import { favourites, proverbLikes, proverbs } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { takeHit, type Limit } from '../../http/rate-limit'
import type { SendPublic } from '../../http/public-cache'
import { forbidden, notFound } from '../../http/errors'
import { calendarDate, hasControlCharacters, optionalString, paging, parseId, positiveInt } from '../../http/params'
import { entitlementOf } from '../../services/entitlements'
import { favouriteProverbs, findGroupId, listGroups, searchProverbs, trendingProverbs } from '../../services/proverbs'
import { paginated } from '../../http/paginated'

/** `likesPerMinute`: likes and unlikes a reader may make in a minute (OWE_LIKE_RATE_LIMIT, 60: far past what a person taps, well short of a script). */
type Deps = { db: Db; now: () => Date; sendPublic: SendPublic; likesPerMinute: number }

/** The proverb id in a favourite or like path, or 404 when there is no such proverb. */
async function existingProverbId(db: Db, raw: string): Promise<number> {
  const id = parseId(raw)
  const [row] = id === undefined ? [] : await db.select({ id: proverbs.id }).from(proverbs).where(eq(proverbs.id, id))
  if (!row) throw notFound('No proverb has that id.')
  return row.id
}

/** Signed-in reading: the groups a user may read, their proverbs, trending among them, favourites and likes. */
export function privateProverbRoutes(app: FastifyInstance, { db, now, sendPublic, likesPerMinute }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const likeLimit: Limit = { name: 'likes', max: likesPerMinute, windowMs: 60_000 }

  app.get(API.languagesPrivate, { preHandler: requireUser }, async (request) => {
    const { readable } = await entitlementOf(db, sessionOf(request).userId, now())
    const languages: Language[] = (await listGroups(db)).map((g) => ({
      id: g.id,
      name: g.language,
      slug: g.slug,
      ethnic: { id: g.id, name: g.name, slug: g.slug },
      readable: readable.includes(g.id),
    }))
    return { data: languages }
  })

  app.get(API.ethnicGroupsLogged, { preHandler: requireUser }, async (request) => {
    const { readable } = await entitlementOf(db, sessionOf(request).userId, now())
    const groups = await listGroups(db)
    return { data: readable.map((id) => groups.find((g) => g.id === id)!).filter(Boolean) }
  })

  app.get(API.trendingPrivate, { preHandler: requireUser }, async (request) => {
    const query = request.query as Record<string, unknown>
    const limit = positiveInt(query, 'limit', 10, 50)
    const date = calendarDate(query, 'date', now())
    const { readable } = await entitlementOf(db, sessionOf(request).userId, now())
    return { data: await trendingProverbs(db, date, limit, readable) }
  })

  app.get<{ Params: { group: string } }>(ROUTES.proverbsLogged, { preHandler: requireUser }, async (request) => {
    const query = request.query as Record<string, unknown>
    const { page, size } = paging(query)
    const terms = searchTerms(optionalString(query, 'q') ?? '')
    const { group } = request.params
    const groupId = group.length <= 100 && !hasControlCharacters(group) ? await findGroupId(db, group) : undefined
    if (groupId === undefined) throw notFound('No ethnic group has that id or slug.')
    const { readable, hasActivePackage } = await entitlementOf(db, sessionOf(request).userId, now())
    if (!readable.includes(groupId)) {
      throw forbidden(hasActivePackage ? PLAN_TEXTS.notChosen : PLAN_TEXTS.beyondFree, 'not_in_plan')
    }
    const { items, total } = await searchProverbs(db, { terms, ethnicId: groupId }, page, size)
    return paginated(items, total, { page, size })
  })

  app.get(API.favourites, { preHandler: requireUser }, async (request) => {
    const { page, size } = paging(request.query as Record<string, unknown>)
    const { items, total } = await favouriteProverbs(db, sessionOf(request).userId, page, size)
    return paginated(items, total, { page, size })
  })

  app.get(API.marks, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const [fav, liked] = await Promise.all([
      db.select({ id: favourites.proverbId }).from(favourites).where(eq(favourites.userId, userId)),
      db.select({ id: proverbLikes.proverbId }).from(proverbLikes).where(eq(proverbLikes.userId, userId)),
    ])
    const marks: ProverbMarks = { favourites: fav.map((r) => r.id), likes: liked.map((r) => r.id) }
    return { data: marks }
  })

  app.put<{ Params: { id: string } }>(ROUTES.favourite, { preHandler: requireUser }, async (request) => {
    const proverbId = await existingProverbId(db, request.params.id)
    await db
      .insert(favourites)
      .values({ userId: sessionOf(request).userId, proverbId, createdAt: now() })
      .onConflictDoNothing()
    return { data: { proverbId, favourite: true } }
  })

  app.delete<{ Params: { id: string } }>(ROUTES.favourite, { preHandler: requireUser }, async (request) => {
    const proverbId = await existingProverbId(db, request.params.id)
    await db.delete(favourites).where(and(eq(favourites.userId, sessionOf(request).userId), eq(favourites.proverbId, proverbId)))
    return { data: { proverbId, favourite: false } }
  })

  /** A like and the proverb's count change together; the count is recomputed, so replays cannot skew it. */
  async function setLike(userId: number, proverbId: number, liked: boolean) {
    // Each like starts the public answers' reuse over (below): one reader cannot make that a flood.
    await takeHit(db, likeLimit, `user:${userId}`, now())
    const result = await db.transaction(async (tx) => {
      // Locking the proverb first serialises likes of one proverb, so each count sees the one before.
      await tx.select({ id: proverbs.id }).from(proverbs).where(eq(proverbs.id, proverbId)).for('update')
      if (liked) await tx.insert(proverbLikes).values({ userId, proverbId, createdAt: now() }).onConflictDoNothing()
      else await tx.delete(proverbLikes).where(and(eq(proverbLikes.userId, userId), eq(proverbLikes.proverbId, proverbId)))
      const [{ likes }] = await tx.select({ likes: count() }).from(proverbLikes).where(eq(proverbLikes.proverbId, proverbId))
      await tx
        .update(proverbs)
        .set({ likes: sql`${likes}` })
        .where(eq(proverbs.id, proverbId))
      return { proverbId, liked, likes }
    })
    // The public answers reused in memory carry the old count: a reader who liked would see it vanish
    // on the next read. Likes are rare beside reads, so the reuse starts over.
    sendPublic.clear()
    return result
  }

  app.put<{ Params: { id: string } }>(ROUTES.like, { preHandler: requireUser }, async (request) => ({
    data: await setLike(sessionOf(request).userId, await existingProverbId(db, request.params.id), true),
  }))

  app.delete<{ Params: { id: string } }>(ROUTES.like, { preHandler: requireUser }, async (request) => ({
    data: await setLike(sessionOf(request).userId, await existingProverbId(db, request.params.id), false),
  }))
}
