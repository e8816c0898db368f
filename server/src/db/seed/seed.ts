import { and, eq, ne, notInArray, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from '../client'
import { categories, ethnicGroups, faqs, packages, promoCodes, proverbCategories, proverbs } from '../schema'
import { seedAdverts } from './adverts'
import { seedCousins } from './cousins'
import { corpusRows, slugify, type SeedProverb } from './corpus'
import { CATEGORIES, GROUPS, PLANS, PROMO_CODES } from './groups'
import { lockForSeeding, overridesOf } from './overrides'
import { seedQuiz } from './quiz'

const FAQ_FILE = fileURLToPath(new URL('./faq.json', import.meta.url))

/** The seeded questions and answers; each start writes them back (matched by question). */
export function readSeedFaqs(): { question: string; answer: string }[] {
  return JSON.parse(fs.readFileSync(FAQ_FILE, 'utf8')) as { question: string; answer: string }[]
}

/**
 * Loads the reference data and the proverb corpus. Idempotent: rows are matched by their natural keys
 * (slug, name, question), so starting twice adds nothing twice. The seeded proverbs mirror the corpus
 * files: a corrected proverb (new slug) replaces the old row, a dropped one is removed, and category
 * links and sources follow the files, and so do the cousin clusters (seed/cousins.json). A seeded proverb,
 * category, FAQ entry or quiz question an admin changed or deleted (seed_overrides) is skipped: the
 * admin's change stands, and a proverb an admin edited stays in its cousin cluster.
 */
export async function seed(db: Db, corpus: SeedProverb[] = corpusRows()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForSeeding(tx)
    const proverbOverrides = await overridesOf(tx, 'proverb')
    const categoryOverrides = await overridesOf(tx, 'category')
    const faqOverrides = await overridesOf(tx, 'faq')
    // A corpus entry whose slug another source already holds is left out: that row is not the files' (an
    // admin may have made the very correction the file now makes), and seeding never writes over it.
    const othersSlugs = new Set(
      (await tx.select({ slug: proverbs.slug }).from(proverbs).where(ne(proverbs.source, 'seed'))).map((p) => p.slug),
    )
    const rows = corpus.filter((row) => !proverbOverrides.has(row.slug) && !othersSlugs.has(row.slug))
    const faqRows = readSeedFaqs()
      .map((faq, position) => ({ ...faq, position }))
      .filter((faq) => !faqOverrides.has(faq.question))

    const groupIds = new Map<string, number>()
    for (const [position, group] of GROUPS.entries()) {
      const [row] = await tx
        .insert(ethnicGroups)
        .values({ ...group, position })
        .onConflictDoUpdate({ target: ethnicGroups.slug, set: { name: group.name, language: group.language, position } })
        .returning({ id: ethnicGroups.id })
      groupIds.set(group.slug, row.id)
    }

    const builtIn = CATEGORIES.filter((name) => !categoryOverrides.has(name))
    const categoryRows = builtIn.length
      ? await tx
          .insert(categories)
          .values(builtIn.map((name) => ({ name, slug: slugify(name) })))
          .onConflictDoUpdate({ target: categories.name, set: { slug: sql`excluded.slug` } })
          .returning({ id: categories.id, name: categories.name })
      : []
    const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]))
    // A built-in category an admin renamed keeps the corpus's proverbs under its new name; one deleted takes none.
    const existing = new Set((await tx.select({ id: categories.id }).from(categories)).map((c) => c.id))
    for (const [name, id] of categoryOverrides) if (id !== null && existing.has(id)) categoryIds.set(name, id)

    await tx
      .insert(packages)
      .values(PLANS)
      .onConflictDoUpdate({
        target: packages.name,
        set: {
          amount: sql`excluded.amount`,
          noOfEthnics: sql`excluded.no_of_ethnics`,
          description: sql`excluded.description`,
          position: sql`excluded.position`,
        },
      })

    // Inserted once: an admin's later change (retiring a code) is not undone by the next start.
    await tx.insert(promoCodes).values(PROMO_CODES).onConflictDoNothing()

    if (faqRows.length) {
      await tx
        .insert(faqs)
        .values(faqRows)
        .onConflictDoUpdate({ target: faqs.question, set: { answer: sql`excluded.answer`, position: sql`excluded.position` } })
    }

    const inserted =
      rows.length === 0
        ? []
        : await tx
            .insert(proverbs)
            .values(
              rows.map((row) => ({
                slug: row.slug,
                ethnicGroupId: groupIds.get(row.language)!,
                proverb: row.proverb,
                transliteration: row.transliteration,
                interpretation: row.interpretation,
                toneKey: row.toneKey,
                englishFolded: row.englishFolded,
                sources: row.sources,
              })),
            )
            .onConflictDoUpdate({
              target: proverbs.slug,
              set: {
                transliteration: sql`excluded.transliteration`,
                interpretation: sql`excluded.interpretation`,
                englishFolded: sql`excluded.english_folded`,
                sources: sql`excluded.sources`,
              },
            })
            .returning({ id: proverbs.id, slug: proverbs.slug })
    const proverbIds = new Map(inserted.map((p) => [p.slug, p.id]))
    await tx.delete(proverbs).where(and(eq(proverbs.source, 'seed'), notInArray(proverbs.slug, [...proverbIds.keys()])))

    const links = rows.flatMap((row) =>
      row.categories.flatMap((name) => {
        const categoryId = categoryIds.get(name)
        return categoryId === undefined ? [] : [{ proverbId: proverbIds.get(row.slug)!, categoryId }]
      }),
    )
    await tx
      .delete(proverbCategories)
      .where(
        and(
          sql`${proverbCategories.proverbId} in (select ${proverbs.id} from ${proverbs} where ${proverbs.source} = 'seed')`,
          sql`(${proverbCategories.proverbId}, ${proverbCategories.categoryId}) not in (select * from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as l("proverbId" int, "categoryId" int))`,
        ),
      )
    if (links.length) await tx.insert(proverbCategories).values(links).onConflictDoNothing()

    await seedCousins(tx, proverbIds, proverbOverrides)
    await seedQuiz(tx)
    await seedAdverts(tx)
  })
}
