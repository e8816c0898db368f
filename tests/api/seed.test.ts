import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { categories, proverbCategories, proverbs } from '../../server/src/db/schema'
import { corpusRows } from '../../server/src/db/seed/corpus'
import { seed } from '../../server/src/db/seed/seed'
import { freshDatabase } from '../support/test-app'

let database: Awaited<ReturnType<typeof freshDatabase>>
beforeAll(async () => {
  database = await freshDatabase()
})
afterAll(() => database.drop())

const proverbCount = async () => (await database.db.select({ n: count() }).from(proverbs))[0].n
const linkCount = async () => (await database.db.select({ n: count() }).from(proverbCategories))[0].n

test('seeding again changes nothing', async () => {
  const [before, links] = [await proverbCount(), await linkCount()]
  await seed(database.db)
  expect(await proverbCount()).toBe(before)
  expect(await linkCount()).toBe(links)
})

test('the seeded proverbs follow the files: dropped entries go, changed categories move, others stay', async () => {
  const rows = corpusRows()
  const full = await proverbCount()
  await database.db.insert(proverbs).values({
    slug: 'community-entry',
    ethnicGroupId: (await database.db.query.ethnicGroups.findFirst())!.id,
    proverb: 'A proverb added by the community',
    transliteration: 'x',
    interpretation: 'Not from the corpus files.',
    toneKey: 'a proverb added by the community',
    englishFolded: 'x',
    source: 'community',
  })

  const [dropped, changed, ...rest] = rows
  const recategorised = { ...changed, categories: ['Humility'] }
  await seed(database.db, [recategorised, ...rest])
  expect(await proverbCount()).toBe(full) // one seeded proverb gone, the community one kept
  expect(await database.db.query.proverbs.findFirst({ where: eq(proverbs.slug, dropped.slug) })).toBeUndefined()
  expect(await database.db.query.proverbs.findFirst({ where: eq(proverbs.slug, 'community-entry') })).toBeDefined()
  const changedRow = await database.db.query.proverbs.findFirst({ where: eq(proverbs.slug, changed.slug) })
  const names = await database.db
    .select({ name: categories.name })
    .from(proverbCategories)
    .innerJoin(categories, eq(categories.id, proverbCategories.categoryId))
    .where(eq(proverbCategories.proverbId, changedRow!.id))
  expect(names.map((n) => n.name)).toEqual(['Humility'])

  await seed(database.db)
  expect(await proverbCount()).toBe(full + 1)
})
