import * as yup from 'yup'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { FIELD_MAX_LENGTH, MESSAGES, SUGGESTION_TEXT_MAX } from '@/core/validation'

/**
 * The console's forms. Kept with the feature until the server checks the same bodies from src/core; the
 * field names are the contract's, so a server field message lands under its field.
 */
const text = (max: number) => yup.string().trim().required(MESSAGES.required).max(max, `At most ${max} characters`)
const groupId = yup.number().typeError(ADMIN_TEXTS.groupRequired).integer().positive(ADMIN_TEXTS.groupRequired).required(ADMIN_TEXTS.groupRequired)
/** A select's value is a string; an empty one means "none". */
const optionalGroupId = yup
  .number()
  .transform((value, original) => (original === '' || original === null ? null : value))
  .nullable()
  .defined()

export const proverbSchema = yup.object({
  proverb: text(SUGGESTION_TEXT_MAX),
  transliteration: text(SUGGESTION_TEXT_MAX),
  interpretation: text(SUGGESTION_TEXT_MAX),
  ethnicGroupId: groupId,
  // PRODUCT.md: every proverb has one to three categories.
  categoryIds: yup.array(yup.number().integer().required()).min(1, ADMIN_TEXTS.categoriesRequired).max(3, ADMIN_TEXTS.categoriesRequired).defined(),
})

export const rejectSchema = yup.object({ reason: text(FIELD_MAX_LENGTH * 5).required(ADMIN_TEXTS.reasonRequired) })

export const categorySchema = yup.object({ name: text(FIELD_MAX_LENGTH) })

export const faqSchema = yup.object({
  question: text(FIELD_MAX_LENGTH * 2),
  answer: text(SUGGESTION_TEXT_MAX * 5),
  position: yup
    .number()
    .transform((value, original) => (original === '' ? undefined : value))
    .typeError('A whole number')
    .integer('A whole number')
    .min(0, 'A whole number')
    .optional(),
})

/** The options are typed one a line (two at least); the correct one is chosen by its number. */
export const quizQuestionSchema = yup.object({
  ethnicGroupId: optionalGroupId,
  question: text(SUGGESTION_TEXT_MAX),
  options: yup
    .string()
    .required(ADMIN_TEXTS.optionsRequired)
    .test('two-options', ADMIN_TEXTS.optionsRequired, (value) => optionLines(value).length >= 2),
  correct: yup
    .number()
    .typeError(ADMIN_TEXTS.correctRequired)
    .integer(ADMIN_TEXTS.correctRequired)
    .min(1, ADMIN_TEXTS.correctRequired)
    .required(ADMIN_TEXTS.correctRequired)
    .test('within', ADMIN_TEXTS.correctRequired, (value, context) => value <= optionLines(context.parent.options).length),
  note: yup.string().trim().max(SUGGESTION_TEXT_MAX, `At most ${SUGGESTION_TEXT_MAX} characters`).defined(),
  active: yup.boolean().defined(),
})

export const optionLines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

export const broadcastSchema = yup.object({
  title: text(FIELD_MAX_LENGTH / 2),
  body: text(SUGGESTION_TEXT_MAX),
  url: yup
    .string()
    .trim()
    .matches(/^\/(?![/\\])[^\s\\]*$/, { message: ADMIN_TEXTS.urlInApp, excludeEmptyString: true })
    .max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`)
    .defined(),
  ethnicGroupId: optionalGroupId,
})

export type ProverbValues = yup.InferType<typeof proverbSchema>
export type BroadcastValues = yup.InferType<typeof broadcastSchema>
