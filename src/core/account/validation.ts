import * as yup from 'yup'
import { ACCOUNT_TEXTS } from './texts'
import {
  email,
  FIELD_MAX_LENGTH,
  freeText,
  MAX_ID,
  MESSAGES,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
  text,
} from '../shared/validation'

/**
 * The account forms (sign-up, sign-in, passwords, profile; docs/requirements.md#r3-accounts-and-sign-in,
 * docs/requirements.md#r4-profile): one schema each, shared by the app (Formik) and the server.
 */

export const PASSWORD_MIN_LENGTH = 8
/** The special characters a password may use (docs/requirements.md#r3-accounts-and-sign-in). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+{}[]:;<>,.?~'
const SPECIAL = /[!@#$%^&*()_+{}[\]:;<>,.?~]/
/** Any capital, not only A–Z: Ọ, Ẹ, Ṣ and Ì count for Yoruba and Igbo speakers. */
const CAPITAL = /\p{Lu}/u
const DIGIT = /\d/

/** A row id: a whole number the database can hold. */
const id = (message: string) => yup.number().typeError(message).integer(message).positive(message).max(MAX_ID, message)
const CHOOSE_LANGUAGES = ACCOUNT_TEXTS.chooseLanguages

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

/** The token of an emailed link (activation, password reset), as the link carries it. */
export const emailTokenSchema = yup.object({
  token: yup.string().typeError(ACCOUNT_TEXTS.linkInvalid).required(ACCOUNT_TEXTS.linkMissingToken).max(100, ACCOUNT_TEXTS.linkInvalid),
})

/** Signing out may name this device's push token: it stops receiving the account's pushes. */
export const logoutSchema = yup.object({
  device_token: yup.string().strict().typeError(ACCOUNT_TEXTS.deviceTokenText).max(4096, ACCOUNT_TEXTS.deviceTokenLong).optional(),
})
