import { isSchema, ValidationError, type AnyObjectSchema, type InferType } from 'yup'
import { fieldErrors, isFreeText } from '@core/shared/validation'
import { badRequest } from './errors'
import { hasControlCharacters } from './params'

const freeTextFieldsOf = new WeakMap<AnyObjectSchema, Set<string>>()

/** The schema's free-text fields (core/shared/validation.ts `freeText`), directly or as a list of them. */
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

/** Deeper than any form nests its fields (payment metadata is the deepest, at two). */
const MAX_DEPTH = 8

/**
 * Why a field's value is refused before validation, or null. Control characters are never part of a value
 * (PostgreSQL refuses NUL outright), in a field or in the lists and objects inside it; line breaks and tabs
 * are allowed only in free text, where the sanitiser keeps them (a meaning, a message) or makes them spaces
 * (a name). Nesting is bounded, so a body of a few kilobytes cannot make a walk over it exhaust the stack.
 */
function problemOf(value: unknown, freeText: boolean, depth = 0): 'control characters' | 'too deep' | null {
  if (typeof value === 'string')
    return hasControlCharacters(freeText ? value.replace(/[\r\n\t]/g, ' ') : value) ? 'control characters' : null
  if (value === null || typeof value !== 'object') return null
  if (depth >= MAX_DEPTH) return 'too deep'
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const problem = problemOf(item, freeText && Array.isArray(value), depth + 1)
    if (problem) return problem
  }
  return null
}

/**
 * Validates a JSON body with the same yup schema the app's form uses, so the server answers with the
 * spec's messages field by field. Unknown fields are dropped; free text is cleaned by the one sanitiser
 * (core/shared/text.ts) as the schema says. With `unknownFields: 'refuse'` they are kept for the schema to
 * refuse (its objects say `.noUnknown(message)`): for bodies a program writes, such as the analytics
 * collector's events, where a field the contract lacks is a bug to report rather than a form's leftover.
 */
export async function parseBody<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
  { unknownFields = 'drop' }: { unknownFields?: 'drop' | 'refuse' } = {},
): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send a JSON object.')
  }
  const freeText = freeTextFields(schema)
  for (const [name, value] of Object.entries(body)) {
    const problem = problemOf(value, freeText.has(name))
    if (problem === 'control characters')
      throw badRequest(`"${name}" contains control characters.`, { [name]: 'Contains control characters' })
    if (problem === 'too deep') throw badRequest(`"${name}" is nested too deeply.`, { [name]: 'Nested too deeply' })
  }
  try {
    return (await schema.validate(body, { abortEarly: false, stripUnknown: unknownFields === 'drop' })) as InferType<S>
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields = fieldErrors(error)
      throw badRequest(Object.values(fields)[0] ?? 'The form has errors.', fields)
    }
    throw error
  }
}
