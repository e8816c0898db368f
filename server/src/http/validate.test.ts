import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { isSchema, type Schema } from 'yup'
import { isFreeText } from '@core/shared/validation'

/**
 * Every text field of every form schema, on both sides, either goes through the one sanitiser
 * (`freeText`) or is one of these, which are not prose a person writes for others to read: addresses,
 * secrets, codes, ids and choices from a list, each checked by its own pattern.
 */
const NOT_FREE_TEXT = new Set([
  'email',
  'password',
  'password1',
  'password2',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'confirmNewPassword',
  'phoneNumber',
  'promoCode',
  'token',
  'device_token',
  'device_type',
  'registrationToken',
  'reference',
  'currency',
  'paymentOption',
  'payment_type',
  'coupon',
  'link',
  'url',
  'time',
  'timeZone',
  'advertUploadSchema.name',
  // A push subscription: an address and two keys, each held to a strict pattern, never shown to anyone.
  'webPushSubscriptionSchema.endpoint',
  'webPushSubscriptionSchema.keys.p256dh',
  'webPushSubscriptionSchema.keys.auth',
])

async function schemas(): Promise<[string, Schema][]> {
  const folders = ['src/core', 'server/src/features']
  const found: [string, Schema][] = []
  for (const folder of folders) {
    const files = fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    for (const file of files) {
      const exports = (await import(pathToFileURL(path.resolve(folder, file)).href)) as Record<string, unknown>
      for (const [name, value] of Object.entries(exports))
        if (isSchema(value) && (value as Schema).type === 'object') found.push([name, value as Schema])
    }
  }
  return found
}

/** The string fields of an object schema (in nested objects and lists too), keyed by their path. */
function textFields(schema: Schema, prefix: string): { key: string; field: Schema }[] {
  const fields = (schema as Schema & { fields?: Record<string, Schema> }).fields ?? {}
  return Object.entries(fields).flatMap(([name, field]) => {
    const inner = (field as Schema & { innerType?: Schema }).innerType
    if (field.type === 'object') return textFields(field, `${prefix}${name}.`)
    const target = field.type === 'array' && inner ? inner : field
    return target.type === 'string' ? [{ key: `${prefix}${name}`, field: target }] : []
  })
}

test('every free-text field of every form goes through the one sanitiser', async () => {
  const found = await schemas()
  expect(found.length).toBeGreaterThan(15)
  const unsanitised: string[] = []
  for (const [schemaName, schema] of found) {
    for (const { key, field } of textFields(schema, `${schemaName}.`)) {
      const fieldName = key.split('.').at(-1) as string
      if (!isFreeText(field) && !NOT_FREE_TEXT.has(fieldName) && !NOT_FREE_TEXT.has(key)) unsanitised.push(key)
    }
  }
  expect(unsanitised).toEqual([])
})
