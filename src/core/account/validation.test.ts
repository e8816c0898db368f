import { describe, expect, test } from 'vitest'
import { type AnyObjectSchema, ValidationError } from 'yup'
import {
  addressSchema,
  changePasswordSchema,
  emailTokenSchema,
  loginSchema,
  logoutSchema,
  resetPasswordSchema,
  signupSchema,
} from './validation'
import { ACCOUNT_TEXTS } from './texts'
import { fieldErrors } from '../shared/validation'

function errorsOf(schema: AnyObjectSchema, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false })
    return {}
  } catch (error) {
    if (error instanceof ValidationError) return fieldErrors(error)
    throw error
  }
}

const validSignup = {
  firstName: 'Adébáyọ̀',
  lastName: 'Okonkwo',
  email: 'ada@example.com',
  password1: 'Proverb#1',
  password2: 'Proverb#1',
  packageId: 1,
}

// docs/requirements.md#r3-accounts-and-sign-in
describe('sign-up (verbatim)', () => {
  test('a complete form passes, with or without a phone number', () => {
    expect(errorsOf(signupSchema, validSignup)).toEqual({})
    expect(errorsOf(signupSchema, { ...validSignup, phoneNumber: '+2348012345678' })).toEqual({})
    expect(errorsOf(signupSchema, { ...validSignup, phoneNumber: '' })).toEqual({})
  })

  test('empty fields give the required messages', () => {
    expect(errorsOf(signupSchema, { password2: '' })).toEqual({
      firstName: 'Please enter your First name',
      lastName: 'Please enter your Last name',
      email: 'Required',
      password1: 'Password is required',
      packageId: 'Please select a subscription plan',
    })
  })

  test('digits in either name give the product\u2019s one message, slip included', () => {
    const errors = errorsOf(signupSchema, { ...validSignup, firstName: 'Ada2', lastName: 'Eze3' })
    expect(errors).toEqual({ firstName: 'First name cannot contain numbers', lastName: 'First name cannot contain numbers' })
  })

  test('email and password rules, each with its own message', () => {
    expect(errorsOf(signupSchema, { ...validSignup, email: 'not-an-email' }).email).toBe('Invalid email')
    expect(errorsOf(signupSchema, { ...validSignup, password1: 'Ab#1', password2: 'Ab#1' }).password1).toBe(
      'Password should be of minimum 8 characters length',
    )
    expect(errorsOf(signupSchema, { ...validSignup, password1: 'proverb#1', password2: 'proverb#1' }).password1).toBe(
      'Password must include at least one capital letter',
    )
    expect(errorsOf(signupSchema, { ...validSignup, password1: 'Proverb11', password2: 'Proverb11' }).password1).toBe(
      'Password must include at least one special character',
    )
    expect(errorsOf(signupSchema, { ...validSignup, password2: 'Proverb#2' })).toEqual({ password2: 'Passwords must match' })
  })

  test('every special character of the spec counts', () => {
    for (const ch of '!@#$%^&*()_+{}[]:;<>,.?~') {
      expect(errorsOf(loginSchema, { email: 'a@b.co', password: `Abcdefg${ch}` })).toEqual({})
    }
    expect(errorsOf(loginSchema, { email: 'a@b.co', password: 'Abcdefg-' }).password).toBe(
      'Password must include at least one special character',
    )
  })

  test('phone number: 10 to 15 characters, digits after an optional plus', () => {
    expect(errorsOf(signupSchema, { ...validSignup, phoneNumber: '080123' }).phoneNumber).toBe('Size must be at least 10 characters')
    expect(errorsOf(signupSchema, { ...validSignup, phoneNumber: '0801234567890123' }).phoneNumber).toBe(
      'Phone number must be at most 15 characters',
    )
    expect(errorsOf(signupSchema, { ...validSignup, phoneNumber: '0801-234-5678' }).phoneNumber).toBe('Invalid phone number')
  })
})

test('login needs an email and a password that follows the rules', () => {
  expect(errorsOf(loginSchema, {})).toEqual({ email: 'Required', password: 'Password is required' })
})

test('reset: the confirmation must match', () => {
  expect(errorsOf(resetPasswordSchema, { password: 'Proverb#1', confirmPassword: 'Proverb#2' })).toEqual({
    confirmPassword: 'Passwords must match',
  })
})

test('change password: its own required messages and "Must match new password"', () => {
  expect(errorsOf(changePasswordSchema, {})).toEqual({
    oldPassword: 'Old password is required',
    newPassword: 'New password is required',
  })
  expect(errorsOf(changePasswordSchema, { oldPassword: 'Proverb#1', newPassword: 'Proverb#2', confirmNewPassword: 'x' })).toEqual({
    confirmNewPassword: 'Must match new password',
  })
})

test('address: every field is required', () => {
  expect(errorsOf(addressSchema, {})).toEqual({
    country: 'Required',
    state: 'Required',
    city: 'Required',
    street: 'Required',
    house_number: 'Required',
    postal_code: 'Required',
  })
})

test('a capital with a tone mark or under-dot counts as a capital letter', () => {
  expect(errorsOf(loginSchema, { email: 'a@b.co', password: 'ìtàn#ọ̀rọ̀Ọ' })).toEqual({})
  expect(errorsOf(loginSchema, { email: 'a@b.co', password: 'Ìtàn#2024' })).toEqual({})
})

test('objects or arrays where text belongs fail validation instead of throwing', () => {
  expect(errorsOf(loginSchema, { email: { $ne: '' }, password: ['x'] })).toEqual({ email: 'Must be text', password: 'Must be text' })
  expect(errorsOf(addressSchema, { country: ['Ghana'], state: 'a', city: 'b', street: 'c', house_number: 'd', postal_code: 'e' })).toEqual({
    country: 'Must be text',
  })
})

test('ids beyond what the database holds are refused with the field\u2019s message', () => {
  expect(errorsOf(signupSchema, { ...validSignup, packageId: 3_000_000_000 }).packageId).toBe('Please select a subscription plan')
  expect(errorsOf(signupSchema, { ...validSignup, languages: [3_000_000_000] }).languages).toBe('Choose languages from the list.')
})

test('an emailed link’s token and the sign-out body say what is wrong in the account texts', () => {
  expect(errorsOf(emailTokenSchema, {})).toEqual({ token: ACCOUNT_TEXTS.linkMissingToken })
  expect(errorsOf(emailTokenSchema, { token: 'x'.repeat(101) })).toEqual({ token: ACCOUNT_TEXTS.linkInvalid })
  expect(errorsOf(emailTokenSchema, { token: 'abc' })).toEqual({})
  expect(errorsOf(logoutSchema, {})).toEqual({})
  expect(errorsOf(logoutSchema, { device_token: 42 })).toEqual({ device_token: ACCOUNT_TEXTS.deviceTokenText })
  expect(errorsOf(logoutSchema, { device_token: 'x'.repeat(4097) })).toEqual({ device_token: ACCOUNT_TEXTS.deviceTokenLong })
})
