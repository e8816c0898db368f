import * as yup from 'yup'
import type { CleanTextOptions } from '../shared/text'
import { email, FIELD_MAX_LENGTH, freeText, MESSAGES, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, PHONE_PATTERN, text } from '../shared/validation'

// ——— Community: suggestions and contact (docs/requirements.md#r9-community) ———

export const COMMUNITY_MESSAGES = {
  emailRequired: 'Email is Required',
  nameRequired: 'Your Name is Required',
  ethnicRequired: 'Ethnic is Required',
  // Verbatim, a wording slip of the product (docs/requirements.md#r9-community).
  languageRequired: 'Langauge is Required',
  categoryRequired: 'Category is Required',
  phoneRequired: 'Phone number is required',
} as const

/** The longest proverb, rendering or meaning a suggestion may carry; the longest contact message. */
export const SUGGESTION_TEXT_MAX = 1000
export const CONTACT_MESSAGE_MAX = 5000

const longText = (max: number, options: CleanTextOptions = {}) =>
  freeText(options).required(MESSAGES.required).max(max, `At most ${max} characters`)

/** Every field of the suggestion form is required, with its own message (docs/requirements.md#r9-community). */
export const suggestionSchema = yup.object({
  email: text().required(COMMUNITY_MESSAGES.emailRequired).email(MESSAGES.invalidEmail).max(FIELD_MAX_LENGTH, MESSAGES.invalidEmail),
  name: freeText().required(COMMUNITY_MESSAGES.nameRequired).max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`),
  ethnic: freeText().required(COMMUNITY_MESSAGES.ethnicRequired).max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`),
  language: freeText().required(COMMUNITY_MESSAGES.languageRequired).max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`),
  suggestedCategory: freeText()
    .required(COMMUNITY_MESSAGES.categoryRequired)
    .max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`),
  suggestedProverb: longText(SUGGESTION_TEXT_MAX),
  suggestedEnglishTransliteration: longText(SUGGESTION_TEXT_MAX),
  suggestedEnglishInterpretation: longText(SUGGESTION_TEXT_MAX, { lines: true }),
})
export type SuggestionInput = yup.InferType<typeof suggestionSchema>

/**
 * firstName and surname required ('Required'); phoneNumber required with the sign-up pattern
 * (docs/requirements.md#r9-community).
 */
export const contactSchema = yup.object({
  email: email(),
  firstName: freeText().required(MESSAGES.required).max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`),
  surname: freeText().required(MESSAGES.required).max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`),
  phoneNumber: text()
    .required(COMMUNITY_MESSAGES.phoneRequired)
    .min(PHONE_MIN_LENGTH, MESSAGES.phoneMin)
    .max(PHONE_MAX_LENGTH, MESSAGES.phoneMax)
    .matches(PHONE_PATTERN, MESSAGES.phoneInvalid),
  message: longText(CONTACT_MESSAGE_MAX, { lines: true }),
})
export type ContactInput = yup.InferType<typeof contactSchema>
