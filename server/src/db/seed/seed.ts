import { and, eq, notInArray, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from '../client'
import { categories, ethnicGroups, faqs, packages, promoCodes, proverbCategories, proverbs } from '../schema'
import { seedAdverts } from './adverts'
import { corpusRows, slugify, type SeedProverb } from './corpus'
import { CATEGORIES, GROUPS, PLANS, PROMO_CODES } from './groups'
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
 * links follow the files.
 */
export async function seed(db: Db, rows: SeedProverb[] = corpusRows()): Promise<void> {
  const faqRows = readSeedFaqs()

  await db.transaction(async (tx) => {
    const groupIds = new Map<string, number>()
    for (const [position, group] of GROUPS.entries()) {
      const [row] = await tx
        .insert(ethnicGroups)
        .values({ ...group, position })
        .onConflictDoUpdate({ target: ethnicGroups.slug, set: { name: group.name, language: group.language, position } })
        .returning({ id: ethnicGroups.id })
      groupIds.set(group.slug, row.id)
    }

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map((name) => ({ name, slug: slugify(name) })))
      .onConflictDoUpdate({ target: categories.name, set: { slug: sql`excluded.slug` } })
      .returning({ id: categories.id, name: categories.name })
    const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]))

    await tx
      .insert(packages)
      .values(PLANS.map((plan, position) => ({ ...plan, position })))
      .onConflictDoUpdate({
        target: packages.name,
        set: {
          amount: sql`excluded.amount`,
          noOfEthnics: sql`excluded.no_of_ethnics`,
          description: sql`excluded.description`,
          position: sql`excluded.position`,
        },
      })

    // Inserted once: an operator's later change (retiring a code) is not undone by the next start.
    await tx.insert(promoCodes).values(PROMO_CODES).onConflictDoNothing()

    await tx
      .insert(faqs)
      .values(faqRows.map((faq, position) => ({ ...faq, position })))
      .onConflictDoUpdate({ target: faqs.question, set: { answer: sql`excluded.answer`, position: sql`excluded.position` } })

    const inserted = await tx
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
        })),
      )
      .onConflictDoUpdate({
        target: proverbs.slug,
        set: {
          transliteration: sql`excluded.transliteration`,
          interpretation: sql`excluded.interpretation`,
          englishFolded: sql`excluded.english_folded`,
        },
      })
      .returning({ id: proverbs.id, slug: proverbs.slug })
    const proverbIds = new Map(inserted.map((p) => [p.slug, p.id]))
    await tx.delete(proverbs).where(and(eq(proverbs.source, 'seed'), notInArray(proverbs.slug, [...proverbIds.keys()])))

    const links = rows.flatMap((row) =>
      row.categories.map((name) => ({ proverbId: proverbIds.get(row.slug)!, categoryId: categoryIds.get(name)! })),
    )
    await tx.delete(proverbCategories).where(
      and(
        sql`${proverbCategories.proverbId} in (select ${proverbs.id} from ${proverbs} where ${proverbs.source} = 'seed')`,
        sql`(${proverbCategories.proverbId}, ${proverbCategories.categoryId}) not in (select * from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as l("proverbId" int, "categoryId" int))`,
      ),
    )
    await tx.insert(proverbCategories).values(links).onConflictDoNothing()

    await seedQuiz(tx)
    await seedAdverts(tx)
  })
}
