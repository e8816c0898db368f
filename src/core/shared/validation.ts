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
export const PHONE_MIN_LENGTH = 10
export const PHONE_MAX_LENGTH = 15
export const PHONE_PATTERN = /^\+?\d{1,15}$/
/** Longest text any single-line field accepts; keeps absurd bodies out of the database. */
export const FIELD_MAX_LENGTH = 200
/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647

/**
 * Text, trimmed. yup's own trim() calls .trim() on whatever arrives, so an object or array would throw
 * instead of failing validation; this trims strings only and lets the type check answer the rest.
 */
export const text = () =>
  yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))

/**
 * Free text a person types (a name, an address, a suggestion, a message): cleaned by THE sanitiser
 * (core/shared/text.ts) when the server validates it. Marked, so that the server accepts line breaks in it (kept
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

export const email = () => text().required(MESSAGES.required).email(MESSAGES.invalidEmail).max(FIELD_MAX_LENGTH, MESSAGES.invalidEmail)

/** Field name → first message, the shape of the error envelope's `fields`. */
export function fieldErrors(error: yup.ValidationError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const inner of error.inner.length ? error.inner : [error]) {
    const path = (inner.path ?? '_').replace(/\[\d+\]$/, '')
    fields[path] ??= inner.message
  }
  return fields
}
