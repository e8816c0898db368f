import { isSchema, ValidationError, type AnyObjectSchema, type InferType } from 'yup'
import { fieldErrors, isFreeText } from '../../../src/core/validation'
import { badRequest } from './errors'
import { hasControlCharacters } from './params'

const freeTextFieldsOf = new WeakMap<AnyObjectSchema, Set<string>>()

/** The schema's free-text fields (core/validation.ts `freeText`), directly or as a list of them. */
function freeTextFields(schema: AnyObjectSchema): Set<string> {
  let names = freeTextFieldsOf.get(schema)
  if (!names) {
    names = new Set(
      Object.entries(schema.fields as Record<string, unknown>)
        .filter(([, field]) => isFreeText(field) || (isSchema(field) && isFreeText((field as { innerType?: unknown }).innerType)))
        .map(([name]) => name),
    )
    freeTextFieldsOf.set(schema, names)
  }
  return names
}

/**
 * Control characters are never part of a value (PostgreSQL refuses NUL outright), in a field or in the lists
 * and objects inside it. Line breaks and tabs are allowed only in free text, where the sanitiser keeps them
 * (a meaning, a message) or makes them spaces (a name).
 */
function acceptable(value: unknown, freeText: boolean): boolean {
  if (typeof value === 'string') return !hasControlCharacters(freeText ? value.replace(/[\r\n\t]/g, ' ') : value)
  if (Array.isArray(value)) return value.every((item) => acceptable(item, freeText))
  if (value !== null && typeof value === 'object') return Object.values(value).every((item) => acceptable(item, false))
  return true
}

/**
 * Validates a JSON body with the same yup schema the app's form uses, so the server answers with the
 * spec's messages field by field. Unknown fields are dropped; free text is cleaned by the one sanitiser
 * (core/text.ts) as the schema says.
 */
export async function parseBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send a JSON object.')
  }
  const freeText = freeTextFields(schema)
  for (const [name, value] of Object.entries(body)) {
    if (!acceptable(value, freeText.has(name))) throw badRequest(`"${name}" contains control characters.`, { [name]: 'Contains control characters' })
  }
  try {
    return (await schema.validate(body, { abortEarly: false, stripUnknown: true })) as InferType<S>
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields = fieldErrors(error)
      throw badRequest(Object.values(fields)[0] ?? 'The form has errors.', fields)
    }
    throw error
  }
}
