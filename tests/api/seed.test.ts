import { asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { categories, packages, proverbCategories, proverbs } from '../../server/src/db/schema'
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

test('a database seeded before the Free plan existed gets it on the next start; the paid plans keep their ids and take the new words', async () => {
  const before = await database.db.select().from(packages).orderBy(asc(packages.id))
  await database.db.delete(packages).where(eq(packages.name, 'Free'))
  await database.db
    .update(packages)
    .set({ description: 'One people’s proverbs and quizzes, ad-free, for a year.', position: 0 })
    .where(eq(packages.name, 'Bronze'))
  await seed(database.db)
  const after = await database.db.select().from(packages).orderBy(asc(packages.position))
  expect(after.map((p) => [p.name, p.amount, p.noOfEthnics])).toEqual([
    ['Free', '0.00', 1],
    ['Bronze', '9.99', 1],
    ['Silver', '17.99', 2],
    ['Gold', '29.99', 4],
    ['Platinum', '49.99', 8],
  ])
  for (const name of ['Bronze', 'Silver', 'Gold', 'Platinum']) {
    expect(after.find((p) => p.name === name)!.id, name).toBe(before.find((p) => p.name === name)!.id)
  }
  expect(after.find((p) => p.name === 'Bronze')!.description).toBe(
    'One people kept offline, quizzed weekly and shown first. No adverts, for a year.',
  )
})
