import type { Language } from '@core/account/contract'
import type { Paginated } from '@core/http/contract'
import type { Proverb, EthnicGroup } from '@core/proverbs/contract'
import { PLAN_TEXTS } from '@core/payments/plans'
import type { Db, Tx } from '../../db/client'
import { forbidden, notFound } from '../../http/errors'
import { paginated } from '../../http/paginated'
import { parseId } from '../../http/params'
import type { SendPublic } from '../../http/public-cache'
import { takeHit, type Limit } from '../../http/rate-limit'
import { entitlementOf } from '../../services/entitlements'
import type { CorpusSearch } from '../../services/corpus-search'
import { findGroupId, listGroups, trendingProverbs, type ProverbFilters } from '../../services/proverbs'
import { proverbExists, setFavourite, setLike } from './repository'

export const GROUP_NOT_FOUND = 'No ethnic group has that id or slug.'

/** Every language, each marked readable or not for the reader. */
export async function readerLanguages(db: Db, userId: number, now: Date): Promise<Language[]> {
  const { readable } = await entitlementOf(db, userId, now)
  return (await listGroups(db)).map((g) => ({
    id: g.id,
    name: g.language,
    slug: g.slug,
    ethnic: { id: g.id, name: g.name, slug: g.slug },
    readable: readable.includes(g.id),
  }))
}

/** The groups the reader may read, in the order of their choice. */
export async function readerGroups(db: Db, userId: number, now: Date): Promise<EthnicGroup[]> {
  const { readable } = await entitlementOf(db, userId, now)
  const groups = await listGroups(db)
  return readable.map((id) => groups.find((g) => g.id === id)!).filter(Boolean)
}

/** Trending among the groups the reader may read. */
export async function readerTrending(db: Db, userId: number, date: string, limit: number, now: Date) {
  const { readable } = await entitlementOf(db, userId, now)
  return trendingProverbs(db, date, limit, now, readable)
}

/** A page of one group's proverbs: 404 for no such group, 403 for one outside the reader's plan. */
export async function readerProverbs(
  { db, corpusSearch }: { db: Db; corpusSearch: CorpusSearch },
  userId: number,
  group: string,
  search: Pick<ProverbFilters, 'terms' | 'markedTerms'>,
  { page, size }: { page: number; size: number },
  now: Date,
): Promise<Paginated<Proverb>> {
  const groupId = await findGroupId(db, group)
  if (groupId === undefined) throw notFound(GROUP_NOT_FOUND)
  const { readable, hasActivePackage } = await entitlementOf(db, userId, now)
  if (!readable.includes(groupId)) {
    throw forbidden(hasActivePackage ? PLAN_TEXTS.notChosen : PLAN_TEXTS.beyondFree, 'not_in_plan')
  }
  const { items, total } = await corpusSearch.search({ ...search, ethnicId: groupId }, page, size)
  return paginated(items, total, { page, size })
}

/** The proverb id in a favourite or like path, or 404 when there is no such proverb. */
export async function existingProverbId(db: Db | Tx, raw: string): Promise<number> {
  const id = parseId(raw)
  if (id === undefined || !(await proverbExists(db, id))) throw notFound('No proverb has that id.')
  return id
}

/** Keeps or drops a favourite of a proverb that exists. */
export async function markFavourite(db: Db | Tx, userId: number, rawId: string, favourite: boolean, now: Date) {
  const proverbId = await existingProverbId(db, rawId)
  await setFavourite(db, userId, proverbId, favourite, now)
  return { proverbId, favourite }
}

/** Likes or unlikes a proverb that exists, within the reader's limit. */
export async function markLike(
  { db, sendPublic, limit }: { db: Db | Tx; sendPublic: SendPublic; limit: Limit },
  userId: number,
  rawId: string,
  liked: boolean,
  now: () => Date,
) {
  const proverbId = await existingProverbId(db, rawId)
  // Each like starts the public answers' reuse over (below): one reader cannot make that a flood.
  await takeHit(db, limit, `user:${userId}`, now())
  const result = await setLike(db, userId, proverbId, liked, now())
  // The public answers reused in memory carry the old count: a reader who liked would see it vanish
  // on the next read. Likes are rare beside reads, so the reuse starts over.
  sendPublic.clear()
  return result
}
