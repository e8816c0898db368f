import { sql } from 'drizzle-orm'
import { index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const ethnicGroups = pgTable('ethnic_groups', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  position: integer('position').notNull(),
})

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
})

export const proverbs = pgTable(
  'proverbs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    ethnicGroupId: integer('ethnic_group_id')
      .notNull()
      .references(() => ethnicGroups.id),
    proverb: text('proverb').notNull(),
    transliteration: text('transliteration').notNull(),
    interpretation: text('interpretation').notNull(),
    /** foldForSearch(proverb): tone variants share it; also the tone-insensitive search column. */
    toneKey: text('tone_key').notNull(),
    /** foldForSearch of the English rendering and meaning. */
    englishFolded: text('english_folded').notNull(),
    likes: integer('likes').notNull().default(0),
    /** 'seed' rows mirror the corpus files and are removed when dropped from them; others are kept. */
    source: text('source').notNull().default('seed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('proverbs_group_idx').on(t.ethnicGroupId, t.id),
    index('proverbs_tone_key_idx').on(t.toneKey),
    index('proverbs_likes_idx').on(t.likes),
  ],
)

export const proverbCategories = pgTable(
  'proverb_categories',
  {
    proverbId: integer('proverb_id')
      .notNull()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.proverbId, t.categoryId] }), index('proverb_categories_category_idx').on(t.categoryId)],
)

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Yearly price in US dollars (PRODUCT.md: prices are stored in dollars). */
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  noOfEthnics: integer('no_of_ethnics').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
})

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('faqs_question_idx').on(t.question)],
)
