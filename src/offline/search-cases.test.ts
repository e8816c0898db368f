import { afterAll, beforeAll, expect, test } from 'vitest'
import { PAGE_SIZE_MAX } from '../core/shared/constants'
import { SEARCH_CASE_PROVERBS, SEARCH_CASES } from '../core/proverbs/search-cases'
import { englishKey, searchRank, searchTerms, toneKey } from '../core/proverbs/search'
import type { OfflineDb } from './schema'
import { queryProverbs, saveProverbs } from './store'
import { freshDb, group, makeProverb } from './test-fixtures'

// The shared table (src/core/proverbs/search-cases.ts) through the device's search; tests/api/search-cases.test.ts
// runs the same table through the server's.

const groups = new Map(['yoruba', 'akan', 'kiswahili'].map((slug, i) => [slug, group(i + 1, slug, slug)]))
// Ids in the order added, as the server assigns them.
const proverbs = SEARCH_CASE_PROVERBS.map((p, i) => ({
  ...makeProverb(i + 1, groups.get(p.group)!, p.proverb, [p.transliteration, p.interpretation]),
  slug: `${p.group}-${p.key}`,
}))
const keyOf = new Map(proverbs.map((p, i) => [p.id, SEARCH_CASE_PROVERBS[i].key]))

let db: OfflineDb
beforeAll(async () => {
  db = await freshDb()
  await saveProverbs(db, proverbs, 1)
})
afterAll(() => db.close())

test.each(SEARCH_CASES)('offline search for "$query": $why', async ({ query, expected }) => {
  const { data } = await queryProverbs(db, { q: query, size: PAGE_SIZE_MAX }, 1)
  expect(data.data.map((p) => keyOf.get(p.id))).toEqual(expected)
})

test.each(SEARCH_CASES)('searchRank finds exactly the expected proverbs for "$query"', ({ query, expected }) => {
  const terms = searchTerms(query)
  const found = SEARCH_CASE_PROVERBS.filter((p) => searchRank(toneKey(p.proverb), englishKey(p), terms) !== undefined).map((p) => p.key)
  expect(new Set(found)).toEqual(new Set(expected))
})
