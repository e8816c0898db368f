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
} as const

/** The longest proverb, rendering or meaning the corpus takes (as a suggestion may carry). */
export const PROVERB_TEXT_MAX = SUGGESTION_TEXT_MAX
export const CATEGORY_NAME_MAX = 60
export const REJECT_REASON_MAX = 500
export const FAQ_QUESTION_MAX = 300
export const FAQ_ANSWER_MAX = 5000
/** PRODUCT.md: every proverb has one to three categories. */
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
})

export const rejectSuggestionSchema = yup.object({ reason: plainText(REJECT_REASON_MAX, { lines: true }) })

export const categoryInputSchema = yup.object({ name: plainText(CATEGORY_NAME_MAX) })

export const faqInputSchema = yup.object({
  question: plainText(FAQ_QUESTION_MAX),
  answer: plainText(FAQ_ANSWER_MAX, { lines: true }),
  position: yup.number().typeError(ADMIN_MESSAGES.position).integer(ADMIN_MESSAGES.position).min(0, ADMIN_MESSAGES.position).max(10_000, ADMIN_MESSAGES.position),
})
