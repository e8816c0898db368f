import { asc, sql } from 'drizzle-orm'
import type { Proverb } from '@core/proverbs/contract'
import { markedForm } from '@core/proverbs/search'
import { indexOf, topEntries, type IndexEntry, type SearchIndex } from '@core/proverbs/search-index'
import type { Db } from '../db/client'
import { proverbCategories, proverbs } from '../db/schema'
import { listProverbs, proverbsByIds, type ProverbFilters } from './proverbs'

/** What the corpus cache says of staleness: its window and a count of its clears (server/src/http/public-cache.ts). */
type CorpusCache = { ttlMs: number; generation: () => number }

/** Proverbs kept for the pages of searches, at most: past it they are dropped and fetched again as asked for. */
const KEPT_PROVERBS_MAX = 20_000

/**
 * A fingerprint of everything a search ranks and filters on — each proverb's id, texts and people, each proverb's
 * categories — so that a change made through another server is seen. One scan with no rows sent back.
 */
async function corpusVersion(db: Db): Promise<string> {
  const [row] = (
    await db.execute<{ version: string }>(sql`select
      (select count(*)::text || '.' || coalesce(sum(hashtext(${proverbs.id}::text || ' ' || ${proverbs.ethnicGroupId}::text || ' ' || ${proverbs.toneKey} || ' ' || ${proverbs.englishFolded} || ' ' || ${proverbs.proverb})), 0)::text from ${proverbs})
      || '/' ||
      (select count(*)::text || '.' || coalesce(sum(hashtext(${proverbCategories.proverbId}::text || ' ' || ${proverbCategories.categoryId}::text)), 0)::text from ${proverbCategories})
      as version`)
  ).rows
  return row.version
}

/** The index of every proverb, made from the database's rows as the device makes it from what it stores. */
async function loadIndex(db: Db): Promise<SearchIndex> {
  const rows = await db
    .select({
      id: proverbs.id,
      ethnicId: proverbs.ethnicGroupId,
      toneKey: proverbs.toneKey,
      englishKey: proverbs.englishFolded,
      proverb: proverbs.proverb,
    })
    .from(proverbs)
    .orderBy(asc(proverbs.id))
  const links = await db
    .select({ proverbId: proverbCategories.proverbId, categoryId: proverbCategories.categoryId })
    .from(proverbCategories)
  const categoriesOf = new Map<number, number[]>()
  for (const { proverbId, categoryId } of links) categoriesOf.set(proverbId, [...(categoriesOf.get(proverbId) ?? []), categoryId])
  const entries: IndexEntry[] = rows.map(({ proverb, ...row }) => ({
    ...row,
    markedKey: markedForm(proverb),
    categoryIds: categoriesOf.get(row.id) ?? [],
  }))
  return indexOf(entries, 0)
}

/**
 * Public search ranked in memory by the device's own ranking (src/core/proverbs/search-index.ts), over an index of
 * the whole corpus held by the server: a search is one pass over the index in memory, not a scan of the table sorted
 * by a relevance expression. The index is as fresh as the public answers (docs/decisions/002): checked against the
 * database's corpus (corpusVersion) at most once per window and after every clear, made again only when it changed;
 * with no window (reuse off) checked on every search. The proverbs shown on pages are kept (all of them, when they fit)
 * and read again once per window.
 * Searches arriving while the index is checked or made share the one check. See docs/decisions/027-search-in-memory.md.
 */
export function createCorpusSearch({ db, corpus }: { db: Db; corpus: CorpusCache }) {
  let held: { version: string; index: SearchIndex; checkedAt: number; generation: number } | undefined
  let checking: { generation: number; index: Promise<SearchIndex> } | undefined
  // The proverbs shown on pages, kept between searches: read again all at once when the window has passed (served as they
  // were meanwhile, by a reading in the background) or the public cache cleared (waited for: this instance shows its
  // own changes at once).
  let kept = new Map<number, Proverb>()
  let keptUntil = 0
  let keptGeneration = corpus.generation()
  let rereading: { generation: number; done: Promise<void> } | undefined
  async function refresh(generation: number): Promise<SearchIndex> {
    const checkedAt = Date.now()
    const version = await corpusVersion(db)
    const index = held?.version === version ? held.index : await loadIndex(db)
    // A corpus that fits is kept whole from the start: no search waits for its page to be read.
    if (index !== held?.index && corpus.ttlMs > 0 && index.ids.length <= KEPT_PROVERBS_MAX) {
      const all = await proverbsByIds(db, Array.from(index.ids))
      if (corpus.generation() === generation) {
        kept = new Map(all.map((proverb) => [proverb.id, proverb]))
        keptGeneration = generation
        keptUntil = Date.now() + corpus.ttlMs
      }
    }
    // A change between the two reads makes the index newer than its version: the next check makes it again.
    if (!held || held.checkedAt <= checkedAt) held = { version, index, checkedAt, generation }
    return index
  }

  function currentIndex(): Promise<SearchIndex> {
    const generation = corpus.generation()
    if (held && held.generation === generation && Date.now() < held.checkedAt + corpus.ttlMs) return Promise.resolve(held.index)
    if (checking?.generation !== generation) {
      const index = refresh(generation)
      const check = { generation, index }
      checking = check
      index.then(
        () => checking === check && (checking = undefined),
        () => checking === check && (checking = undefined),
      )
    }
    return checking.index
  }

  function reread(generation: number): Promise<void> {
    if (rereading?.generation === generation) return rereading.done
    const done = (async () => {
      const fresh = await proverbsByIds(db, [...kept.keys()])
      if (corpus.generation() === generation) {
        kept = new Map(fresh.map((proverb) => [proverb.id, proverb]))
        keptGeneration = generation
        keptUntil = Date.now() + corpus.ttlMs
      }
    })()
    const reading = { generation, done }
    rereading = reading
    const settle = () => rereading === reading && (rereading = undefined)
    done.then(settle, settle)
    return done
  }

  /** The proverbs of these ids, in this order: those kept, the others read (and kept). */
  async function proverbsOf(ids: number[]): Promise<Proverb[]> {
    if (corpus.ttlMs === 0) {
      const read = new Map((await proverbsByIds(db, ids)).map((proverb) => [proverb.id, proverb]))
      return ids.flatMap((id) => read.get(id) ?? [])
    }
    const generation = corpus.generation()
    if (keptGeneration !== generation) await reread(generation)
    else if (Date.now() >= keptUntil)
      reread(generation).catch((error: unknown) => console.warn(`The kept proverbs were not read again: ${String(error)}`))
    if (kept.size > KEPT_PROVERBS_MAX) kept = new Map()
    const found = new Map<number, Proverb>()
    for (const id of ids) {
      const proverb = kept.get(id)
      if (proverb) found.set(id, proverb)
    }
    const missing = ids.filter((id) => !found.has(id))
    for (const proverb of missing.length ? await proverbsByIds(db, missing) : []) {
      found.set(proverb.id, proverb)
      if (keptGeneration === generation) kept.set(proverb.id, proverb)
    }
    // A proverb deleted since the index was checked is left out of the page.
    return ids.flatMap((id) => found.get(id) ?? [])
  }

  /**
   * A page of proverbs matching every word (in the proverb, tone-blind, or its English) and filter, and how many match:
   * by relevance (whole words first, wherever they are; matches inside words last; searchRank), proverbs that differ
   * only in tone marks side by side (by tone key, compared by code point), then by id. Without words, listProverbs.
   */
  async function search(filters: ProverbFilters, page: number, size: number): Promise<{ items: Proverb[]; total: number }> {
    if (filters.terms.length === 0) return listProverbs(db, filters, page, size)
    const index = await currentIndex()
    const { ethnicId, categoryId } = filters
    const { positions, total } = topEntries(
      index,
      {
        terms: filters.terms,
        markedTerms: filters.markedTerms,
        people: ethnicId === undefined ? undefined : (id) => id === ethnicId,
        category: categoryId === undefined ? undefined : (id) => id === categoryId,
        groupOrder: new Map(),
      },
      page * size,
    )
    const ids = positions.slice((page - 1) * size).map((position) => index.ids[position])
    return { items: await proverbsOf(ids), total }
  }

  return { search }
}

export type CorpusSearch = ReturnType<typeof createCorpusSearch>
