import * as yup from 'yup'
import { cleanText, type CleanTextOptions } from './text'

/**
 * The forms' validation rules with the specified messages (docs/requirements.md#r3-accounts-and-sign-in,
 * docs/requirements.md#r4-profile, docs/requirements.md#r9-community), verbatim — its wording slips included
 * (lastName's digit message names the first name). One schema per form, shared by the app (Formik) and the server
 * (request bodies), so both say exactly the same thing.
 */
export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  passwordRequired: 'Password is required',
  oldPasswordRequired: 'Old password is required',
  newPasswordRequired: 'New password is required',
  passwordMin: 'Password should be of minimum 8 characters length',
  passwordCapital: 'Password must include at least one capital letter',
  passwordSpecial: 'Password must include at least one special character',
  passwordsMatch: 'Passwords must match',
  mustMatchNew: 'Must match new password',
  firstNameRequired: 'Please enter your First name',
  lastNameRequired: 'Please enter your Last name',
  // lastName's digit message also reads "First name" (a wording slip of the product, kept:
  // docs/requirements.md#r3-accounts-and-sign-in).
  nameDigits: 'First name cannot contain numbers',
  packageRequired: 'Please select a subscription plan',
  phoneMin: 'Size must be at least 10 characters',
  phoneMax: 'Phone number must be at most 15 characters',
  phoneInvalid: 'Invalid phone number',
} as const

export const PASSWORD_MIN_LENGTH = 8
export const PHONE_MIN_LENGTH = 10
export const PHONE_MAX_LENGTH = 15
/** The special characters a password may use (docs/requirements.md#r3-accounts-and-sign-in). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+{}[]:;<>,.?~'
const SPECIAL = /[!@#$%^&*()_+{}[\]:;<>,.?~]/
/** Any capital, not only A–Z: Ọ, Ẹ, Ṣ and Ì count for Yoruba and Igbo speakers. */
const CAPITAL = /\p{Lu}/u
const DIGIT = /\d/
export const PHONE_PATTERN = /^\+?\d{1,15}$/
/** Longest text any single-line field accepts; keeps absurd bodies out of the database. */
export const FIELD_MAX_LENGTH = 200
/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647

/**
 * Text, trimmed. yup's own trim() calls .trim() on whatever arrives, so an object or array would throw
 * instead of failing validation; this trims strings only and lets the type check answer the rest.
 */
const text = () =>
  yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))

/**
 * Free text a person types (a name, an address, a suggestion, a message): cleaned by THE sanitiser
 * (core/text.ts) when the server validates it. Marked, so that the server accepts line breaks in it (kept
 * where `lines`, made spaces elsewhere) and a test can find every such field.
 */
export const freeText = (options: CleanTextOptions = {}) =>
  yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? cleanText(value, options) : value))
    .meta({ freeText: options.lines ? 'lines' : 'line' })

/** Whether a field of a schema is free text (its meta says so). */
export function isFreeText(field: unknown): boolean {
  return yup.isSchema(field) && typeof (field as yup.Schema).meta()?.freeText === 'string'
}

/** A row id: a whole number the database can hold. */
const id = (message: string) => yup.number().typeError(message).integer(message).positive(message).max(MAX_ID, message)

/** Our own account messages (the spec gives none for these), said the same by the app and the server. */
export const ACCOUNT_TEXTS = {
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  promoInvalid: 'This promo code is not valid.',
  chooseLanguages: 'Choose languages from the list.',
  passwordRules: 'At least 8 characters, with a capital letter and one of !@#$%^&*()_+{}[]:;<>,.?~',
} as const
const CHOOSE_LANGUAGES = ACCOUNT_TEXTS.chooseLanguages

const email = () => text().required(MESSAGES.required).email(MESSAGES.invalidEmail).max(FIELD_MAX_LENGTH, MESSAGES.invalidEmail)

const password = (requiredMessage: string) =>
  yup
    .string()
    .typeError('Must be text')
    .required(requiredMessage)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin)
    .matches(CAPITAL, MESSAGES.passwordCapital)
    .matches(SPECIAL, MESSAGES.passwordSpecial)
    .max(FIELD_MAX_LENGTH, `Password must be at most ${FIELD_MAX_LENGTH} characters`)

const confirmation = (of: string, message: string) =>
  yup
    .string()
    .typeError('Must be text')
    .max(FIELD_MAX_LENGTH, message)
    .test('matches', message, function (value) {
      return (value ?? '') === ((this.parent as Record<string, unknown>)[of] ?? '')
    })

const name = (requiredMessage: string) =>
  freeText()
    .required(requiredMessage)
    .max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`)
    .test('no-digits', MESSAGES.nameDigits, (value) => !value || !DIGIT.test(value))

/** Optional on sign-up and in personal info; when given, 10 to 15 characters, digits after an optional +. */
const optionalPhone = () =>
  text()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .optional()
    .min(PHONE_MIN_LENGTH, MESSAGES.phoneMin)
    .max(PHONE_MAX_LENGTH, MESSAGES.phoneMax)
    .matches(PHONE_PATTERN, MESSAGES.phoneInvalid)

export const personalInfoSchema = yup.object({
  firstName: name(MESSAGES.firstNameRequired),
  lastName: name(MESSAGES.lastNameRequired),
  phoneNumber: optionalPhone(),
})
export type PersonalInfoInput = yup.InferType<typeof personalInfoSchema>

/**
 * Sign-up: the wizard's fields (docs/requirements.md#r3-accounts-and-sign-in), plus the chosen groups and an optional
 * promo code.
 */
export const signupSchema = personalInfoSchema.shape({
  email: email(),
  password1: password(MESSAGES.passwordRequired),
  password2: confirmation('password1', MESSAGES.passwordsMatch),
  packageId: id(MESSAGES.packageRequired).required(MESSAGES.packageRequired),
  /** Ids of the ethnic groups chosen (at most the plan's noOfEthnics; checked against the plan). */
  languages: yup.array(id(CHOOSE_LANGUAGES).required()).typeError(CHOOSE_LANGUAGES).max(8, CHOOSE_LANGUAGES).default([]),
  promoCode: text()
    .max(40, 'At most 40 characters')
    .transform((value: unknown) => (value === '' ? undefined : value))
    .optional(),
})
export type SignupInput = yup.InferType<typeof signupSchema>

export const loginSchema = yup.object({
  email: email(),
  password: password(MESSAGES.passwordRequired),
})
export type LoginInput = yup.InferType<typeof loginSchema>

export const emailSchema = yup.object({ email: email() })
export type EmailInput = yup.InferType<typeof emailSchema>

/** The new password chosen from an emailed reset link (docs/requirements.md#r3-accounts-and-sign-in). */
export const resetPasswordSchema = yup.object({
  password: password(MESSAGES.passwordRequired),
  confirmPassword: confirmation('password', MESSAGES.passwordsMatch),
})
export type ResetPasswordInput = yup.InferType<typeof resetPasswordSchema>

export const changePasswordSchema = yup.object({
  oldPassword: password(MESSAGES.oldPasswordRequired),
  newPassword: password(MESSAGES.newPasswordRequired),
  confirmNewPassword: confirmation('newPassword', MESSAGES.mustMatchNew),
})
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>

const required = () => freeText().required(MESSAGES.required).max(FIELD_MAX_LENGTH, `At most ${FIELD_MAX_LENGTH} characters`)

export const addressSchema = yup.object({
  country: required(),
  state: required(),
  city: required(),
  street: required(),
  house_number: required(),
  postal_code: required(),
})
export type AddressInput = yup.InferType<typeof addressSchema>

export const languagesSchema = yup.object({
  languages: yup.array(id(CHOOSE_LANGUAGES).required()).typeError(CHOOSE_LANGUAGES).max(8, CHOOSE_LANGUAGES).required(MESSAGES.required),
})
export type LanguagesInput = yup.InferType<typeof languagesSchema>

/** Field name → first message, the shape of the error envelope's `fields`. */
export function fieldErrors(error: yup.ValidationError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const inner of error.inner.length ? error.inner : [error]) {
    const path = (inner.path ?? '_').replace(/\[\d+\]$/, '')
    fields[path] ??= inner.message
  }
  return fields
}

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
