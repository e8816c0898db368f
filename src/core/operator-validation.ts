import * as yup from 'yup'
import { freeText, MAX_ID } from './validation'

/**
 * The operators' forms (quiz bank, adverts, broadcasts): one schema each, used by the admin screens and
 * by the server's /api/admin/ routes, so both say the same thing. Free text goes through the one sanitiser
 * (core/text.ts): it ends up in quizzes, pushes and captions that other people read.
 */
export const OPERATOR_TEXTS = {
  required: 'Required',
  group: 'Choose a group, or none for a general question.',
  unknownGroup: 'There is no such group.',
  options: `Give from 2 to 6 options.`,
  optionsDistinct: 'The options must all differ.',
  correct: 'Choose which option is right.',
  inAppLink: 'A link is a path inside the app, starting with “/” (for example /pricing).',
  advertName: 'A name is 1 to 100 letters, digits, dots, dashes or underscores, and not only digits.',
  position: 'The position is a whole number from 0 to 10000.',
  active: 'active must be true or false.',
  nothingToChange: 'Send at least one of active, alt, link or position.',
  order: 'Send ids: every advert’s id, once each, in the order to show them.',
  orderStale: 'The adverts changed meanwhile (one was added or removed). The list now shows them as they are; move again.',
} as const

export const QUIZ_OPTIONS_MIN = 2
export const QUIZ_OPTIONS_MAX = 6
export const QUIZ_QUESTION_MAX = 500
export const QUIZ_OPTION_MAX = 200
export const QUIZ_NOTE_MAX = 1000
export const ADVERT_ALT_MAX = 300
export const BROADCAST_TITLE_MAX = 100
export const BROADCAST_BODY_MAX = 1000
export const LINK_MAX = 200
/** Largest advert file an operator may upload. */
export const ADVERT_MAX_BYTES = 5 * 1024 * 1024

const atMost = (max: number) => `At most ${max} characters`

const groupId = () =>
  yup
    .number()
    .typeError(OPERATOR_TEXTS.group)
    .integer(OPERATOR_TEXTS.group)
    .positive(OPERATOR_TEXTS.group)
    .max(MAX_ID, OPERATOR_TEXTS.group)

/** A path on our own origin: never another site ("//evil.example" or "https://…"). */
export const IN_APP_PATH = /^\/(?![/\\])[^\s\\]*$/

/** An optional in-app link; '' or null means none. */
export const inAppLink = () =>
  yup
    .string()
    .typeError(OPERATOR_TEXTS.inAppLink)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() || null : value))
    .nullable()
    .max(LINK_MAX, OPERATOR_TEXTS.inAppLink)
    .matches(IN_APP_PATH, { message: OPERATOR_TEXTS.inAppLink, excludeEmptyString: true })

export const quizQuestionSchema = yup.object({
  ethnicGroupId: groupId().nullable().defined(OPERATOR_TEXTS.group),
  question: freeText().required(OPERATOR_TEXTS.required).max(QUIZ_QUESTION_MAX, atMost(QUIZ_QUESTION_MAX)),
  options: yup
    .array(freeText().required(OPERATOR_TEXTS.required).max(QUIZ_OPTION_MAX, atMost(QUIZ_OPTION_MAX)))
    .typeError(OPERATOR_TEXTS.options)
    .required(OPERATOR_TEXTS.options)
    .min(QUIZ_OPTIONS_MIN, OPERATOR_TEXTS.options)
    .max(QUIZ_OPTIONS_MAX, OPERATOR_TEXTS.options)
    .test('distinct', OPERATOR_TEXTS.optionsDistinct, (options) => {
      const folded = (options ?? []).map((option) => (option ?? '').toLocaleLowerCase())
      return new Set(folded).size === folded.length
    }),
  correct: yup
    .number()
    .typeError(OPERATOR_TEXTS.correct)
    .required(OPERATOR_TEXTS.correct)
    .integer(OPERATOR_TEXTS.correct)
    .min(0, OPERATOR_TEXTS.correct)
    .test('in-range', OPERATOR_TEXTS.correct, function (value) {
      const options = (this.parent as { options?: unknown }).options
      return !Array.isArray(options) || value === undefined || value < options.length
    }),
  note: freeText({ lines: true }).max(QUIZ_NOTE_MAX, atMost(QUIZ_NOTE_MAX)).default(''),
  // strict(): "false" or 0 is a client bug, not a choice.
  active: yup.boolean().strict().typeError(OPERATOR_TEXTS.active).optional(),
})
export type QuizQuestionForm = yup.InferType<typeof quizQuestionSchema>

/** The text fields sent with an advert's file (multipart). */
export const advertUploadSchema = yup.object({
  // Not only digits: GET /api/ads/:idOrName would read such a name as an id.
  name: yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(OPERATOR_TEXTS.required)
    .matches(/^(?!\d+$)[A-Za-z0-9._-]{1,100}$/, OPERATOR_TEXTS.advertName),
  alt: freeText().required(OPERATOR_TEXTS.required).max(ADVERT_ALT_MAX, atMost(ADVERT_ALT_MAX)),
  link: inAppLink(),
})
export type AdvertUploadForm = yup.InferType<typeof advertUploadSchema>

export const advertPatchSchema = yup
  .object({
    active: yup.boolean().strict().typeError(OPERATOR_TEXTS.active).optional(),
    alt: freeText().min(1, OPERATOR_TEXTS.required).max(ADVERT_ALT_MAX, atMost(ADVERT_ALT_MAX)).optional(),
    link: inAppLink().optional(),
    position: yup
      .number()
      .typeError(OPERATOR_TEXTS.position)
      .integer(OPERATOR_TEXTS.position)
      .min(0, OPERATOR_TEXTS.position)
      .max(10_000, OPERATOR_TEXTS.position)
      .optional(),
  })
  .test('something', OPERATOR_TEXTS.nothingToChange, (value) => Object.values(value ?? {}).some((field) => field !== undefined))
export type AdvertPatchForm = yup.InferType<typeof advertPatchSchema>

/** Far more adverts than a rotation would ever hold; bounds the request. */
export const ADVERT_ORDER_MAX = 500

export const advertOrderSchema = yup.object({
  ids: yup
    .array(
      yup
        .number()
        .strict()
        .typeError(OPERATOR_TEXTS.order)
        .integer(OPERATOR_TEXTS.order)
        .positive(OPERATOR_TEXTS.order)
        .max(MAX_ID, OPERATOR_TEXTS.order)
        .required(OPERATOR_TEXTS.order),
    )
    .strict()
    .typeError(OPERATOR_TEXTS.order)
    .required(OPERATOR_TEXTS.order)
    .min(1, OPERATOR_TEXTS.order)
    .max(ADVERT_ORDER_MAX, OPERATOR_TEXTS.order)
    .test('distinct', OPERATOR_TEXTS.order, (ids) => !ids || new Set(ids).size === ids.length),
})
export type AdvertOrderForm = yup.InferType<typeof advertOrderSchema>

export const broadcastSchema = yup.object({
  title: freeText().required(OPERATOR_TEXTS.required).max(BROADCAST_TITLE_MAX, atMost(BROADCAST_TITLE_MAX)),
  body: freeText({ lines: true }).required(OPERATOR_TEXTS.required).max(BROADCAST_BODY_MAX, atMost(BROADCAST_BODY_MAX)),
  url: inAppLink().optional(),
  ethnicGroupId: groupId().nullable().optional(),
})
export type BroadcastForm = yup.InferType<typeof broadcastSchema>
