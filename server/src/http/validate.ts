import { ValidationError, type AnyObjectSchema, type InferType } from 'yup'
import { fieldErrors } from '../../../src/core/validation'
import { badRequest } from './errors'
import { hasControlCharacters } from './params'

function rejectControlCharacters(body: Record<string, unknown>, multiline: readonly string[]): void {
  for (const [name, value] of Object.entries(body)) {
    // Line breaks (and tabs) are part of a message or a meaning typed in a text area.
    const checked = typeof value === 'string' && multiline.includes(name) ? value.replace(/[\n\t]/g, ' ') : value
    if (typeof checked === 'string' && hasControlCharacters(checked)) {
      throw badRequest(`"${name}" contains control characters.`, { [name]: 'Contains control characters' })
    }
  }
}

/**
 * Validates a JSON body with the same yup schema the app's form uses, so the server answers with the
 * spec's messages field by field. Unknown fields are dropped; strings are trimmed as the schema says.
 */
export async function parseBody<S extends AnyObjectSchema>(schema: S, body: unknown, options: { multiline?: readonly string[] } = {}): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send a JSON object.')
  }
  rejectControlCharacters(body as Record<string, unknown>, options.multiline ?? [])
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
