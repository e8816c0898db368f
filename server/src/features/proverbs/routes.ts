import type { FastifyInstance } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import type { Db } from '../../db/client'
import { badRequest, notFound } from '../../http/errors'
import { calendarDate, hasControlCharacters, optionalString, positiveInt } from '../../http/params'
import type { SendPublic } from '../../http/public-cache'
import { paginated } from '../../http/paginated'
import type { CorpusSearch } from '../../services/corpus-search'
import {
  findCategoryId,
  findGroupId,
  findProverb,
  listCategories,
  listGroups,
  proverbHistory,
  todaysProverbs,
  trendingProverbs,
  withAbout,
} from '../../services/proverbs'
import { publicSearchQuery } from './search-query'

type Deps = { db: Db; sendPublic: SendPublic; corpusSearch: CorpusSearch; now: () => Date }

export function proverbRoutes(app: FastifyInstance, { db, sendPublic, corpusSearch, now }: Deps): void {
  app.get(API.ethnicGroupsPublic, (request, reply) =>
    sendPublic(request, reply, async () => {
      const q = optionalString(request.query as Record<string, unknown>, 'q') ?? 'all'
      const groups = (await listGroups(db)).map(withAbout)
      if (q === 'all') return { data: groups }
      const match = groups.filter((g) => g.slug === q || String(g.id) === q)
      if (match.length === 0) throw badRequest(`Unknown ethnic group "${q}". Use q=all or a group's slug.`, { q: 'Unknown ethnic group' })
      return { data: match }
    }),
  )

  app.get(API.categoriesPublic, (request, reply) =>
    sendPublic(request, reply, async () => {
      const content = await listCategories(db)
      return {
        data: { content, page: 1, size: content.length, totalPages: 1, totalElements: content.length },
      }
    }),
  )

  // Search: spellings of one query share one answer (publicSearchQuery's key).
  app.get(API.proverbsPublic, async (request, reply) => {
    const { page, size, search, ethnic, category, key } = publicSearchQuery(request.query as Record<string, unknown>)
    return sendPublic(
      request,
      reply,
      async () => {
        const ethnicId = ethnic === undefined ? undefined : await findGroupId(db, ethnic)
        if (ethnic !== undefined && ethnicId === undefined) {
          throw badRequest(`Unknown ethnic group "${ethnic}".`, { ethnic: 'Unknown ethnic group' })
        }
        const categoryId = category === undefined ? undefined : await findCategoryId(db, category)
        if (category !== undefined && categoryId === undefined) {
          throw badRequest(`Unknown category "${category}".`, { category: 'Unknown category' })
        }
        const { items, total } = await corpusSearch.search({ ...search, ethnicId, categoryId }, page, size)
        return paginated(items, total, { page, size })
      },
      'json',
      key,
    )
  })

  app.get<{ Params: { idOrSlug: string } }>(ROUTES.proverbPublic, (request, reply) =>
    sendPublic(request, reply, async () => {
      const { idOrSlug } = request.params
      const proverb = hasControlCharacters(idOrSlug) || idOrSlug.length > 200 ? undefined : await findProverb(db, idOrSlug)
      if (!proverb) throw notFound('No proverb has that id or slug.')
      return { data: proverb }
    }),
  )

  app.get<{ Params: { idOrSlug: string } }>(ROUTES.proverbHistory, (request, reply) =>
    sendPublic(request, reply, async () => {
      const { idOrSlug } = request.params
      const history = hasControlCharacters(idOrSlug) || idOrSlug.length > 200 ? undefined : await proverbHistory(db, idOrSlug)
      if (!history) throw notFound('No proverb has that id or slug.')
      return { data: history }
    }),
  )

  app.get(API.proverbsToday, (request, reply) =>
    sendPublic(request, reply, async () => {
      const date = calendarDate(request.query as Record<string, unknown>, 'date', now())
      return { data: await todaysProverbs(db, date) }
    }),
  )

  app.get(API.trendingPublic, (request, reply) =>
    sendPublic(request, reply, async () => {
      const query = request.query as Record<string, unknown>
      const limit = positiveInt(query, 'limit', 10, 50)
      const date = calendarDate(query, 'date', now())
      return { data: await trendingProverbs(db, date, limit, now()) }
    }),
  )
}
