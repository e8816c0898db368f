import * as yup from 'yup'
import type { CleanTextOptions } from './text'
import { freeText, MAX_ID, SUGGESTION_TEXT_MAX } from './validation'

/**
 * The operators' forms (/api/admin/), one schema each, shared by the admin screens and the server. Free
 * text goes through the one sanitiser (core/text.ts: NFC, no markup, trimmed): it is shown to readers as
 * plain text, and slugs and search rely on the same letters having the same code points.
 */
export const ADMIN_MESSAGES = {
  required: 'Required',
  text: 'Must be text',
  tooLong: (max: number) => `At most ${max} characters`,
  ethnicGroupId: 'Choose an ethnic group',
  categoryIds: 'Choose one to three categories',
  position: 'Must be a whole number from 0 to 10000',
  sources: 'Give at most ten sources',
  sourceUrl: 'A source address starts with http:// or https://',
  sourceYear: 'A year from 1000 to 3000',
} as const

/** The longest proverb, rendering or meaning the corpus takes (as a suggestion may carry). */
export const PROVERB_TEXT_MAX = SUGGESTION_TEXT_MAX
export const CATEGORY_NAME_MAX = 60
/** A name, an author, a page or number. */
export const FIELD_TEXT_MAX = 200
export const REJECT_REASON_MAX = 500
export const FAQ_QUESTION_MAX = 300
export const FAQ_ANSWER_MAX = 5000
/** Every proverb has one to three categories (docs/requirements.md#r1-proverbs-and-peoples). */
export const CATEGORIES_PER_PROVERB = { min: 1, max: 3 } as const

/** Plain text: strings only (a number or object fails the type check rather than throwing), cleaned by the one sanitiser, required. */
const plainText = (max: number, options: CleanTextOptions = {}) =>
  freeText(options)
    .typeError(ADMIN_MESSAGES.text)
    // yup would otherwise read 42 as "42"; a number sent for text is a client bug.
    .test('text', ADMIN_MESSAGES.text, (_value, context) => context.originalValue == null || typeof context.originalValue === 'string')
    .required(ADMIN_MESSAGES.required)
    .max(max, ADMIN_MESSAGES.tooLong(max))

const id = (message: string) => yup.number().typeError(message).integer(message).positive(message).max(MAX_ID, message)

export const SOURCE_TITLE_MAX = 300
export const SOURCE_URL_MAX = 1000
export const SOURCES_PER_PROVERB_MAX = 10

/** Where a proverb is recorded: a page (title and http(s) address) or a book (title, author, year, page or number). */
export const proverbSourceSchema = yup.object({
  title: plainText(SOURCE_TITLE_MAX),
  url: yup
    .string()
    .typeError(ADMIN_MESSAGES.text)
    .trim()
    .max(SOURCE_URL_MAX, ADMIN_MESSAGES.tooLong(SOURCE_URL_MAX))
    .matches(/^https?:\/\/[^\s]+$/i, { message: ADMIN_MESSAGES.sourceUrl, excludeEmptyString: true })
    .optional(),
  author: freeText().max(FIELD_TEXT_MAX, ADMIN_MESSAGES.tooLong(FIELD_TEXT_MAX)).optional(),
  year: yup
    .number()
    .typeError(ADMIN_MESSAGES.sourceYear)
    .integer(ADMIN_MESSAGES.sourceYear)
    .min(1000, ADMIN_MESSAGES.sourceYear)
    .max(3000, ADMIN_MESSAGES.sourceYear)
    .optional(),
  locator: freeText().max(FIELD_TEXT_MAX, ADMIN_MESSAGES.tooLong(FIELD_TEXT_MAX)).optional(),
})

/** ProverbInput and ApproveSuggestionInput: the same fields. */
export const proverbInputSchema = yup.object({
  // Typed in text areas, shown as one line: a line break is a space.
  proverb: plainText(PROVERB_TEXT_MAX),
  transliteration: plainText(PROVERB_TEXT_MAX),
  interpretation: plainText(PROVERB_TEXT_MAX, { lines: true }),
  ethnicGroupId: id(ADMIN_MESSAGES.ethnicGroupId).required(ADMIN_MESSAGES.ethnicGroupId),
  categoryIds: yup
    .array()
    .typeError(ADMIN_MESSAGES.categoryIds)
    .of(id(ADMIN_MESSAGES.categoryIds).required(ADMIN_MESSAGES.categoryIds))
    .required(ADMIN_MESSAGES.categoryIds)
    .min(CATEGORIES_PER_PROVERB.min, ADMIN_MESSAGES.categoryIds)
    .max(CATEGORIES_PER_PROVERB.max, ADMIN_MESSAGES.categoryIds)
    .test('distinct', ADMIN_MESSAGES.categoryIds, (ids) => !ids || new Set(ids).size === ids.length),
  sources: yup
    .array()
    .typeError(ADMIN_MESSAGES.sources)
    .of(proverbSourceSchema)
    .max(SOURCES_PER_PROVERB_MAX, ADMIN_MESSAGES.sources)
    .optional(),
})

/** Who checked a proverb (a speaker of its language). */
export const speakerCheckSchema = yup.object({ name: plainText(FIELD_TEXT_MAX) })

export const rejectSuggestionSchema = yup.object({ reason: plainText(REJECT_REASON_MAX, { lines: true }) })

export const categoryInputSchema = yup.object({ name: plainText(CATEGORY_NAME_MAX) })

export const faqInputSchema = yup.object({
  question: plainText(FAQ_QUESTION_MAX),
  answer: plainText(FAQ_ANSWER_MAX, { lines: true }),
  position: yup
    .number()
    .typeError(ADMIN_MESSAGES.position)
    .integer(ADMIN_MESSAGES.position)
    .min(0, ADMIN_MESSAGES.position)
    .max(10_000, ADMIN_MESSAGES.position),
})
