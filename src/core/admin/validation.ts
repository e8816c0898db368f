import * as yup from 'yup'
import type { CleanTextOptions } from '../shared/text'
import { freeText, MAX_ID } from '../shared/validation'
import { SUGGESTION_TEXT_MAX } from '../community/validation'
import { ADMIN_TEXTS } from './texts'

/**
 * The admins' forms (/api/admin/), one schema each, shared by the admin screens and the server. Free
 * text goes through the one sanitiser (core/shared/text.ts: NFC, no markup, trimmed): it is shown to readers as
 * plain text, and slugs and search rely on the same letters having the same code points.
 */

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
    .typeError(ADMIN_TEXTS.text)
    // yup would otherwise read 42 as "42"; a number sent for text is a client bug.
    .test('text', ADMIN_TEXTS.text, (_value, context) => context.originalValue == null || typeof context.originalValue === 'string')
    .required(ADMIN_TEXTS.required)
    .max(max, ADMIN_TEXTS.tooLong(max))

const id = (message: string) => yup.number().typeError(message).integer(message).positive(message).max(MAX_ID, message)

export const SOURCE_TITLE_MAX = 300
export const SOURCE_URL_MAX = 1000
export const SOURCES_PER_PROVERB_MAX = 10

/**
 * Where a proverb is recorded: a page (title and http(s) address) or a book (title, author, year, page or number),
 * with the source's own spelling of the proverb when it writes an older orthography.
 */
export const proverbSourceSchema = yup.object({
  title: plainText(SOURCE_TITLE_MAX),
  url: yup
    .string()
    .typeError(ADMIN_TEXTS.text)
    .trim()
    .max(SOURCE_URL_MAX, ADMIN_TEXTS.tooLong(SOURCE_URL_MAX))
    .matches(/^https?:\/\/[^\s]+$/i, { message: ADMIN_TEXTS.sourceUrl, excludeEmptyString: true })
    .optional(),
  author: freeText().max(FIELD_TEXT_MAX, ADMIN_TEXTS.tooLong(FIELD_TEXT_MAX)).optional(),
  year: yup
    .number()
    .typeError(ADMIN_TEXTS.sourceYear)
    .integer(ADMIN_TEXTS.sourceYear)
    .min(1000, ADMIN_TEXTS.sourceYear)
    .max(3000, ADMIN_TEXTS.sourceYear)
    .optional(),
  locator: freeText().max(FIELD_TEXT_MAX, ADMIN_TEXTS.tooLong(FIELD_TEXT_MAX)).optional(),
  original: freeText().max(PROVERB_TEXT_MAX, ADMIN_TEXTS.tooLong(PROVERB_TEXT_MAX)).optional(),
})

/** ProverbInput and ApproveSuggestionInput: the same fields. */
export const proverbInputSchema = yup.object({
  // Typed in text areas, shown as one line: a line break is a space.
  proverb: plainText(PROVERB_TEXT_MAX),
  transliteration: plainText(PROVERB_TEXT_MAX),
  interpretation: plainText(PROVERB_TEXT_MAX, { lines: true }),
  ethnicGroupId: id(ADMIN_TEXTS.ethnicGroupId).required(ADMIN_TEXTS.ethnicGroupId),
  categoryIds: yup
    .array()
    .typeError(ADMIN_TEXTS.categoryIds)
    .of(id(ADMIN_TEXTS.categoryIds).required(ADMIN_TEXTS.categoryIds))
    .required(ADMIN_TEXTS.categoryIds)
    .min(CATEGORIES_PER_PROVERB.min, ADMIN_TEXTS.categoryIds)
    .max(CATEGORIES_PER_PROVERB.max, ADMIN_TEXTS.categoryIds)
    .test('distinct', ADMIN_TEXTS.categoryIds, (ids) => !ids || new Set(ids).size === ids.length),
  sources: yup.array().typeError(ADMIN_TEXTS.sources).of(proverbSourceSchema).max(SOURCES_PER_PROVERB_MAX, ADMIN_TEXTS.sources).optional(),
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
    .typeError(ADMIN_TEXTS.faqPosition)
    .integer(ADMIN_TEXTS.faqPosition)
    .min(0, ADMIN_TEXTS.faqPosition)
    .max(10_000, ADMIN_TEXTS.faqPosition),
})

// ——— The quiz bank, adverts and broadcasts ———

/**
 * The admins' forms (quiz bank, adverts, broadcasts): one schema each, used by the admin screens and
 * by the server's /api/admin/ routes, so both say the same thing. Free text goes through the one sanitiser
 * (core/shared/text.ts): it ends up in quizzes, pushes and captions that other people read.
 */

export const QUIZ_OPTIONS_MIN = 2
export const QUIZ_OPTIONS_MAX = 6
export const QUIZ_QUESTION_MAX = 500
export const QUIZ_OPTION_MAX = 200
export const QUIZ_NOTE_MAX = 1000
export const ADVERT_ALT_MAX = 300
export const BROADCAST_TITLE_MAX = 100
export const BROADCAST_BODY_MAX = 1000
export const LINK_MAX = 200
/** Largest advert file an admin may upload. */
export const ADVERT_MAX_BYTES = 5 * 1024 * 1024

const atMost = (max: number) => `At most ${max} characters`

const groupId = () =>
  yup.number().typeError(ADMIN_TEXTS.group).integer(ADMIN_TEXTS.group).positive(ADMIN_TEXTS.group).max(MAX_ID, ADMIN_TEXTS.group)

/** A path on our own origin: never another site ("//evil.example" or "https://…"). */
export const IN_APP_PATH = /^\/(?![/\\])[^\s\\]*$/

/** An optional in-app link; '' or null means none. */
export const inAppLink = () =>
  yup
    .string()
    .typeError(ADMIN_TEXTS.inAppLink)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() || null : value))
    .nullable()
    .max(LINK_MAX, ADMIN_TEXTS.inAppLink)
    .matches(IN_APP_PATH, { message: ADMIN_TEXTS.inAppLink, excludeEmptyString: true })

export const quizQuestionSchema = yup.object({
  ethnicGroupId: groupId().nullable().defined(ADMIN_TEXTS.group),
  question: freeText().required(ADMIN_TEXTS.required).max(QUIZ_QUESTION_MAX, atMost(QUIZ_QUESTION_MAX)),
  options: yup
    .array(freeText().required(ADMIN_TEXTS.required).max(QUIZ_OPTION_MAX, atMost(QUIZ_OPTION_MAX)))
    .typeError(ADMIN_TEXTS.options)
    .required(ADMIN_TEXTS.options)
    .min(QUIZ_OPTIONS_MIN, ADMIN_TEXTS.options)
    .max(QUIZ_OPTIONS_MAX, ADMIN_TEXTS.options)
    .test('distinct', ADMIN_TEXTS.optionsDistinct, (options) => {
      const folded = (options ?? []).map((option) => (option ?? '').toLocaleLowerCase())
      return new Set(folded).size === folded.length
    }),
  correct: yup
    .number()
    .typeError(ADMIN_TEXTS.correct)
    .required(ADMIN_TEXTS.correct)
    .integer(ADMIN_TEXTS.correct)
    .min(0, ADMIN_TEXTS.correct)
    .test('in-range', ADMIN_TEXTS.correct, function (value) {
      const options = (this.parent as { options?: unknown }).options
      return !Array.isArray(options) || value === undefined || value < options.length
    }),
  note: freeText({ lines: true }).max(QUIZ_NOTE_MAX, atMost(QUIZ_NOTE_MAX)).default(''),
  // strict(): "false" or 0 is a client bug, not a choice.
  active: yup.boolean().strict().typeError(ADMIN_TEXTS.active).optional(),
})
export type QuizQuestionForm = yup.InferType<typeof quizQuestionSchema>

/** The text fields sent with an advert's file (multipart). */
export const advertUploadSchema = yup.object({
  // Not only digits: GET /api/ads/:idOrName would read such a name as an id.
  name: yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(ADMIN_TEXTS.required)
    .matches(/^(?!\d+$)[A-Za-z0-9._-]{1,100}$/, ADMIN_TEXTS.advertName),
  alt: freeText().required(ADMIN_TEXTS.required).max(ADVERT_ALT_MAX, atMost(ADVERT_ALT_MAX)),
  link: inAppLink(),
})
export type AdvertUploadForm = yup.InferType<typeof advertUploadSchema>

export const advertPatchSchema = yup
  .object({
    active: yup.boolean().strict().typeError(ADMIN_TEXTS.active).optional(),
    alt: freeText().min(1, ADMIN_TEXTS.required).max(ADVERT_ALT_MAX, atMost(ADVERT_ALT_MAX)).optional(),
    link: inAppLink().optional(),
    position: yup
      .number()
      .typeError(ADMIN_TEXTS.advertPosition)
      .integer(ADMIN_TEXTS.advertPosition)
      .min(0, ADMIN_TEXTS.advertPosition)
      .max(10_000, ADMIN_TEXTS.advertPosition)
      .optional(),
  })
  .test('something', ADMIN_TEXTS.nothingToChange, (value) => Object.values(value ?? {}).some((field) => field !== undefined))
export type AdvertPatchForm = yup.InferType<typeof advertPatchSchema>

/** Far more adverts than a rotation would ever hold; bounds the request. */
export const ADVERT_ORDER_MAX = 500

export const advertOrderSchema = yup.object({
  ids: yup
    .array(
      yup
        .number()
        .strict()
        .typeError(ADMIN_TEXTS.order)
        .integer(ADMIN_TEXTS.order)
        .positive(ADMIN_TEXTS.order)
        .max(MAX_ID, ADMIN_TEXTS.order)
        .required(ADMIN_TEXTS.order),
    )
    .strict()
    .typeError(ADMIN_TEXTS.order)
    .required(ADMIN_TEXTS.order)
    .min(1, ADMIN_TEXTS.order)
    .max(ADVERT_ORDER_MAX, ADMIN_TEXTS.order)
    .test('distinct', ADMIN_TEXTS.order, (ids) => !ids || new Set(ids).size === ids.length),
})
export type AdvertOrderForm = yup.InferType<typeof advertOrderSchema>

export const broadcastSchema = yup.object({
  title: freeText().required(ADMIN_TEXTS.required).max(BROADCAST_TITLE_MAX, atMost(BROADCAST_TITLE_MAX)),
  body: freeText({ lines: true }).required(ADMIN_TEXTS.required).max(BROADCAST_BODY_MAX, atMost(BROADCAST_BODY_MAX)),
  url: inAppLink().optional(),
  ethnicGroupId: groupId().nullable().optional(),
})
export type BroadcastForm = yup.InferType<typeof broadcastSchema>
