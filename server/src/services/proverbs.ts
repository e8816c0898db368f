import { and, asc, count, desc, eq, exists, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { isLanguageSlug, scrollImagePath } from '@core/shared/constants'
import type { Category, CousinProverb, EthnicGroup, Proverb, ProverbChange, ProverbCousins } from '@core/proverbs/contract'
import { markedTerms, searchTerms } from '@core/proverbs/search'
import type { Db } from '../db/client'
import { CATEGORY_DESCRIPTIONS, GROUP_ABOUT } from '../db/seed/about'
import { parseId } from '../http/params'
import {
  categories,
  cousinClusters,
  ethnicGroups,
  favourites,
  proverbCategories,
  proverbChanges,
  proverbCousins,
  proverbLikes,
  proverbs,
} from '../db/schema'
import { addDays, dailyRows, utcDay } from './analytics-daily'

/** `markedTerms`: the query's words typed with marks (markedTerms in src/core/proverbs/search.ts); exact ones come first. */
export type ProverbFilters = { terms: string[]; markedTerms?: string[]; ethnicId?: number; categoryId?: number }

/** What a reader's query asks: its folded words, and those typed with tone marks. */
export function searchOf(q: string): Pick<ProverbFilters, 'terms' | 'markedTerms'> {
  return { terms: searchTerms(q), markedTerms: markedTerms(q) }
}

const proverbCount = sql<number>`count(${proverbs.id})::int`

export async function listGroups(db: Db): Promise<EthnicGroup[]> {
  const rows = await db
    .select({
      id: ethnicGroups.id,
      name: ethnicGroups.name,
      slug: ethnicGroups.slug,
      language: ethnicGroups.language,
      proverbCount,
    })
    .from(ethnicGroups)
    .leftJoin(proverbs, eq(proverbs.ethnicGroupId, ethnicGroups.id))
    .groupBy(ethnicGroups.id)
    .orderBy(asc(ethnicGroups.position))
  return rows.map((row) => ({ ...row, image: scrollImagePath(row.slug) }))
}

/** A group with who they are (the public list's, for the people's page); groups an admin added have none. */
export function withAbout(group: EthnicGroup): EthnicGroup {
  return isLanguageSlug(group.slug) ? { ...group, about: GROUP_ABOUT[group.slug] } : group
}

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      proverbCount: sql<number>`count(${proverbCategories.proverbId})::int`,
    })
    .from(categories)
    .leftJoin(proverbCategories, eq(proverbCategories.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name))
  return rows.map((row) => ({
    ...row,
    description: Object.hasOwn(CATEGORY_DESCRIPTIONS, row.slug) ? CATEGORY_DESCRIPTIONS[row.slug] : null,
  }))
}

/** Digits mean an id (out of range matches nothing); anything else is a slug. */
function byIdOrSlug(idColumn: AnyColumn, slugColumn: AnyColumn, idOrSlug: string): SQL {
  return /^\d+$/.test(idOrSlug) ? eq(idColumn, parseId(idOrSlug) ?? 0) : eq(slugColumn, idOrSlug)
}

/** Finds a group or a category by numeric id or by slug. */
export async function findGroupId(db: Db, idOrSlug: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: ethnicGroups.id })
    .from(ethnicGroups)
    .where(byIdOrSlug(ethnicGroups.id, ethnicGroups.slug, idOrSlug))
  return row?.id
}

export async function findCategoryId(db: Db, idOrSlug: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(byIdOrSlug(categories.id, categories.slug, idOrSlug.toLowerCase()))
  return row?.id
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`)
const likeTerm = (term: string) => `%${escapeLike(term)}%`

function filterCondition({ terms, ethnicId, categoryId }: ProverbFilters): SQL | undefined {
  return and(
    ethnicId === undefined ? undefined : eq(proverbs.ethnicGroupId, ethnicId),
    categoryId === undefined
      ? undefined
      : exists(
          sql`(select 1 from ${proverbCategories} where ${proverbCategories.proverbId} = ${proverbs.id} and ${proverbCategories.categoryId} = ${categoryId})`,
        ),
    ...terms.map((term) => or(sql`${proverbs.toneKey} like ${likeTerm(term)}`, sql`${proverbs.englishFolded} like ${likeTerm(term)}`)),
  )
}

const proverbColumns = {
  id: proverbs.id,
  slug: proverbs.slug,
  proverb: proverbs.proverb,
  transliteration: proverbs.transliteration,
  interpretation: proverbs.interpretation,
  toneKey: proverbs.toneKey,
  likes: proverbs.likes,
  sources: proverbs.sources,
  checkedBy: proverbs.checkedBy,
  checkedAt: proverbs.checkedAt,
  ethnicId: ethnicGroups.id,
  ethnicName: ethnicGroups.name,
  ethnicSlug: ethnicGroups.slug,
  language: ethnicGroups.language,
}

type ProverbRow = Awaited<ReturnType<typeof selectProverbs>>[number]

/**
 * The cousins of each of these proverbs (two queries for any number of rows): its cluster's note and the
 * cluster's other proverbs, peoples in their usual order.
 */
async function cousinsOf(db: Db, ids: number[]): Promise<Map<number, ProverbCousins>> {
  const clusters = await db
    .select({ proverbId: proverbCousins.proverbId, clusterId: cousinClusters.id, key: cousinClusters.key, note: cousinClusters.note })
    .from(proverbCousins)
    .innerJoin(cousinClusters, eq(cousinClusters.id, proverbCousins.clusterId))
    .where(inArray(proverbCousins.proverbId, ids))
  if (clusters.length === 0) return new Map()
  const members = await db
    .select({
      clusterId: proverbCousins.clusterId,
      id: proverbs.id,
      slug: proverbs.slug,
      proverb: proverbs.proverb,
      transliteration: proverbs.transliteration,
      ethnicId: ethnicGroups.id,
      ethnicName: ethnicGroups.name,
      ethnicSlug: ethnicGroups.slug,
    })
    .from(proverbCousins)
    .innerJoin(proverbs, eq(proverbs.id, proverbCousins.proverbId))
    .innerJoin(ethnicGroups, eq(ethnicGroups.id, proverbs.ethnicGroupId))
    .where(inArray(proverbCousins.clusterId, [...new Set(clusters.map((c) => c.clusterId))]))
    .orderBy(asc(ethnicGroups.position), asc(proverbs.id))
  const result = new Map<number, ProverbCousins>()
  for (const { proverbId, clusterId, key, note } of clusters) {
    const others: CousinProverb[] = members
      .filter((m) => m.clusterId === clusterId && m.id !== proverbId)
      .map((m) => ({
        id: m.id,
        slug: m.slug,
        proverb: m.proverb,
        transliteration: m.transliteration,
        ethnic: { id: m.ethnicId, name: m.ethnicName, slug: m.ethnicSlug },
      }))
    if (others.length) result.set(proverbId, { key, note, proverbs: others })
  }
  return result
}

/** Attaches categories and cousins to rows and shapes them as the contract's Proverb. */
async function toProverbs(db: Db, rows: ProverbRow[]): Promise<Proverb[]> {
  if (rows.length === 0) return []
  const cousins = await cousinsOf(
    db,
    rows.map((r) => r.id),
  )
  const links = await db
    .select({ proverbId: proverbCategories.proverbId, id: categories.id, name: categories.name, slug: categories.slug })
    .from(proverbCategories)
    .innerJoin(categories, eq(categories.id, proverbCategories.categoryId))
    .where(
      inArray(
        proverbCategories.proverbId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(categories.name))
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    proverb: row.proverb,
    transliteration: row.transliteration,
    interpretation: row.interpretation,
    toneKey: row.toneKey,
    likes: row.likes,
    ethnic: { id: row.ethnicId, name: row.ethnicName, slug: row.ethnicSlug },
    language: row.language,
    image: scrollImagePath(row.ethnicSlug),
    categories: links.filter((l) => l.proverbId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
    sources: row.sources,
    cousins: cousins.get(row.id) ?? null,
    checkedBy: row.checkedBy && row.checkedAt ? { name: row.checkedBy, at: row.checkedAt.toISOString() } : null,
  }))
}

function selectProverbs(db: Db) {
  return db.select(proverbColumns).from(proverbs).innerJoin(ethnicGroups, eq(ethnicGroups.id, proverbs.ethnicGroupId))
}

/** How many proverbs match every search term and filter. */
export async function countProverbs(db: Db, filters: ProverbFilters): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(proverbs).where(filterCondition(filters))
  return total
}

/**
 * A page of the proverbs of a people or a category (or of every one), peoples in their order, then by id. Searches
 * with words are ranked in memory by the device's own ranking (server/src/services/corpus-search.ts), which calls this
 * for a search without words.
 */
export async function listProverbs(db: Db, filters: Omit<ProverbFilters, 'terms' | 'markedTerms'>, page: number, size: number) {
  const where = filterCondition({ ...filters, terms: [] })
  const total = await countProverbs(db, { ...filters, terms: [] })
  const rows = await selectProverbs(db)
    .where(where)
    .orderBy(asc(ethnicGroups.position), asc(proverbs.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: await toProverbs(db, rows), total }
}

/** The proverbs of these ids, in no particular order (an id with no proverb is left out). */
export async function proverbsByIds(db: Db, ids: number[]): Promise<Proverb[]> {
  if (ids.length === 0) return []
  return toProverbs(db, await selectProverbs(db).where(inArray(proverbs.id, ids)))
}

export async function findProverb(db: Db, idOrSlug: string): Promise<Proverb | undefined> {
  const rows = await selectProverbs(db).where(byIdOrSlug(proverbs.id, proverbs.slug, idOrSlug))
  return (await toProverbs(db, rows))[0]
}

/** A daily rotation order: stable for one date, different the next (md5 of id and date). */
const dailyOrder = (date: string) => sql`md5(${proverbs.id}::text || ${date})`

/** One proverb per group, the same all day for a given date. */
export async function todaysProverbs(db: Db, date: string): Promise<Proverb[]> {
  const picks = db
    .selectDistinctOn([proverbs.ethnicGroupId], { id: proverbs.id })
    .from(proverbs)
    .orderBy(proverbs.ethnicGroupId, dailyOrder(date))
    .as('picks')
  const rows = await selectProverbs(db).innerJoin(picks, eq(picks.id, proverbs.id)).orderBy(asc(ethnicGroups.position))
  return toProverbs(db, rows)
}

/** Trending looks at this many days, today included. */
export const TRENDING_DAYS = 7
/** A view or like counts half as much every this many days: today's count 1, yesterday's 0.71, a week ago 0.09. */
export const TRENDING_HALF_LIFE_DAYS = 2
/** A like counts as this many views: a reader chose to mark it, where a view may be a glance. */
export const TRENDING_LIKE_WEIGHT = 5

/**
 * Each proverb's trending score over the last TRENDING_DAYS UTC days up to `today`: its views (proverb_view
 * events, from the daily roll-up or, for days not rolled up yet, the raw events) and the likes made in those
 * days, each weighted 0.5^(age in days / TRENDING_HALF_LIFE_DAYS). Rows: slug, score.
 */
function trendingScores(today: string): SQL {
  const first = addDays(today, -(TRENDING_DAYS - 1))
  const decay = (day: SQL) => sql`power(0.5, (${today}::date - ${day}) / ${TRENDING_HALF_LIFE_DAYS}::float8)`
  const likedDay = sql`(${proverbLikes.createdAt} at time zone 'UTC')::date`
  return sql`select slug, sum(weight) as score from (
      select v.dimension as slug, v.count * ${decay(sql`v.day`)} as weight from ${dailyRows(first, today, ['proverb'])} v
      union all
      select ${proverbs.slug}, ${TRENDING_LIKE_WEIGHT} * ${decay(likedDay)}
        from ${proverbLikes} join ${proverbs} on ${proverbs.id} = ${proverbLikes.proverbId}
        where ${proverbLikes.createdAt} >= ${`${first}T00:00:00Z`}::timestamptz
          and ${proverbLikes.createdAt} < ${`${addDays(today, 1)}T00:00:00Z`}::timestamptz
    ) weighed group by slug`
}

/**
 * Trending: by views and likes of the last seven days, the recent counting most (trendingScores). Ties, and
 * a new installation where nothing has been viewed or liked lately, fall back to the most liked ever, then
 * to a daily rotation across groups (`date`, the viewer's calendar day), so the list is stable for a day.
 */
export async function trendingProverbs(db: Db, date: string, limit: number, now: Date, groupIds?: number[]): Promise<Proverb[]> {
  if (groupIds && groupIds.length === 0) return []
  const rows = await selectProverbs(db)
    .leftJoin(sql`(${trendingScores(utcDay(now))}) as trending`, sql`trending.slug = ${proverbs.slug}`)
    .where(groupIds ? inArray(proverbs.ethnicGroupId, groupIds) : undefined)
    .orderBy(sql`coalesce(trending.score, 0) desc`, desc(proverbs.likes), dailyOrder(date))
    .limit(limit)
  return toProverbs(db, rows)
}

/** A user's favourites, most recently added first. */
export async function favouriteProverbs(db: Db, userId: number, page: number, size: number) {
  const [{ total }] = await db.select({ total: count() }).from(favourites).where(eq(favourites.userId, userId))
  const rows = await selectProverbs(db)
    .innerJoin(favourites, and(eq(favourites.proverbId, proverbs.id), eq(favourites.userId, userId)))
    .orderBy(desc(favourites.createdAt), desc(proverbs.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: await toProverbs(db, rows), total }
}

/** A proverb's published changes, newest first (undefined when there is no such proverb). */
export async function proverbHistory(db: Db, idOrSlug: string): Promise<ProverbChange[] | undefined> {
  const [proverb] = await db
    .select({ id: proverbs.id })
    .from(proverbs)
    .where(byIdOrSlug(proverbs.id, proverbs.slug, idOrSlug))
  if (!proverb) return undefined
  const rows = await db
    .select({ at: proverbChanges.createdAt, kind: proverbChanges.kind, fields: proverbChanges.fields })
    .from(proverbChanges)
    .where(eq(proverbChanges.proverbId, proverb.id))
    .orderBy(desc(proverbChanges.createdAt), desc(proverbChanges.id))
  return rows.map((row) => ({ at: row.at.toISOString(), kind: row.kind, fields: row.fields }))
}
