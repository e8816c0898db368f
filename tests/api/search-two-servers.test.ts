import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { API } from '../../src/core/http/api-paths'
import type { Category } from '../../src/core/proverbs/contract'
import { adminOf, get, groupsBySlug, post } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// Two servers on one database, each with its own in-memory search index: a proverb an operator adds through one is
// found through it at once, and through the other once its public window has passed.

const WINDOW_MS = 300
let one: Awaited<ReturnType<typeof createTestApp>>
let other: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  one = await createTestApp({ OWE_CORPUS_CACHE_MS: '60000' })
  other = await buildApp(
    loadConfig({ OWE_CORPUS_CACHE_MS: String(WINDOW_MS), OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' }),
    { database: one.database, logger: false },
  )
})
afterAll(async () => {
  await other.close()
  await one.close()
})

const found = async (app: typeof other, words: string) =>
  ((await get(app, `${API.proverbsPublic}?q=${encodeURIComponent(words)}`)).body.data as { slug: string }[]).map((p) => p.slug)

test('a proverb added through one server is found through the other within its window', async () => {
  expect(await found(other, 'zanzibari mbuyu')).toEqual([])
  expect(await found(one.app, 'zanzibari mbuyu')).toEqual([])
  const admin = await adminOf(one.app, one.database.db)
  const groups = await groupsBySlug(one.app)
  const categories = (await get(one.app, API.categoriesPublic)).body.data.content as Category[]
  const res = await post(
    one.app,
    ADMIN_API.proverbs,
    {
      proverb: 'Mbuyu wa Zanzibari haukatwi kwa kisu',
      transliteration: 'The baobab of Zanzibari is not cut with a knife',
      interpretation: 'Great things are not undone by small means.',
      ethnicGroupId: groups.kiswahili.id,
      categoryIds: [categories[0].id],
    },
    admin.token,
  )
  expect(res.status).toBe(201)
  const slug = res.body.data.slug as string
  expect(await found(one.app, 'zanzibari mbuyu')).toEqual([slug])
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100))
  expect(await found(other, 'ZANZIBARI  mbuyu')).toEqual([slug])
})
