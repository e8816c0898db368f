import { ValidationError, type AnyObjectSchema, type InferType } from 'yup'
import { fieldErrors } from '../../../src/core/validation'
import { badRequest } from './errors'
import { hasControlCharacters } from './params'

function rejectControlCharacters(body: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' && hasControlCharacters(value)) {
      throw badRequest(`"${name}" contains control characters.`, { [name]: 'Contains control characters' })
    }
  }
}

/**
 * Validates a JSON body with the same yup schema the app's form uses, so the server answers with the
 * spec's messages field by field. Unknown fields are dropped; strings are trimmed as the schema says.
 */
export async function parseBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send a JSON object.')
  }
  rejectControlCharacters(body as Record<string, unknown>)
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
