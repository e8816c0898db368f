import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Category, Proverb } from '../../src/core/proverbs/contract'
import type { Paginated } from '../../src/core/http/contract'
import { PAGE_SIZE_MAX } from '../../src/core/shared/constants'
import { SEARCH_CASE_PROVERBS, SEARCH_CASES } from '../../src/core/proverbs/search-cases'
import { adminOf, get, groupsBySlug, post } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// The shared table (src/core/proverbs/search-cases.ts) through the server's search route on a fresh database;
// src/offline/search-cases.test.ts runs the same table through the device's search.

let t: Awaited<ReturnType<typeof createTestApp>>
const keyOfSlug = new Map<string, string>()

beforeAll(async () => {
  t = await createTestApp()
  const admin = await adminOf(t.app, t.database.db)
  const groups = await groupsBySlug(t.app)
  const categories = (await get(t.app, API.categoriesPublic)).body.data.content as Category[]
  // Added one by one, as an admin adds them, so ids follow the table's order.
  for (const { key, group, proverb, transliteration, interpretation } of SEARCH_CASE_PROVERBS) {
    const res = await post(
      t.app,
      ADMIN_API.proverbs,
      { proverb, transliteration, interpretation, ethnicGroupId: groups[group].id, categoryIds: [categories[0].id] },
      admin.token,
    )
    expect(res.status, key).toBe(201)
    keyOfSlug.set(res.body.data.slug as string, key)
  }
})
afterAll(() => t.close())

/** Every page of the search, keeping the table's proverbs in the order the server gives them. */
async function searchKeys(query: string): Promise<string[]> {
  const keys: string[] = []
  for (let page = 1; ; page++) {
    const res = await get(t.app, `${API.proverbsPublic}?q=${encodeURIComponent(query)}&size=${PAGE_SIZE_MAX}&page=${page}`)
    expect(res.status, query).toBe(200)
    const body = res.body as Paginated<Proverb>
    for (const p of body.data) if (keyOfSlug.has(p.slug)) keys.push(keyOfSlug.get(p.slug)!)
    if (page >= body.totalPages) return keys
  }
}

test.each(SEARCH_CASES)('server search for "$query": $why', async ({ query, expected }) => {
  expect(await searchKeys(query)).toEqual(expected)
})
