/**
 * A few builders for the JSON Schemas (2020-12, as OpenAPI 3.1 has them) of the API description, so the
 * shapes read close to the TypeScript types in src/core they mirror. These schemas only describe: Fastify
 * never validates or serialises with them (docs/decisions/014-openapi.md).
 */

export type JsonSchema = Record<string, unknown>

export const str: JsonSchema = { type: 'string' }
export const int: JsonSchema = { type: 'integer' }
export const num: JsonSchema = { type: 'number' }
export const bool: JsonSchema = { type: 'boolean' }
/** An ISO 8601 date-time, as every date of the API is written. */
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' }
/** A calendar day, YYYY-MM-DD. */
export const day: JsonSchema = { type: 'string', format: 'date' }

export function nullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] }
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] }
  return { anyOf: [schema, { type: 'null' }] }
}

export const oneOf = (...values: (string | number)[]): JsonSchema => ({ enum: values })

export const list = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra })

export const described = (description: string, schema: JsonSchema): JsonSchema => ({ ...schema, description })

const optionals = new WeakSet<JsonSchema>()

/** Marks a property as optional in `obj` (the type's `field?:`). */
export function optional(schema: JsonSchema): JsonSchema {
  const copy = { ...schema }
  optionals.add(copy)
  return copy
}

/**
 * An object with exactly these properties, all required unless wrapped in `optional`. Extra properties are
 * refused, so a field the server adds without documenting it fails the API test that checks real answers.
 */
export function obj(properties: Record<string, JsonSchema>, { open = false }: { open?: boolean } = {}): JsonSchema {
  const required = Object.entries(properties)
    .filter(([, schema]) => !optionals.has(schema))
    .map(([name]) => name)
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(open ? {} : { additionalProperties: false }),
  }
}

/** A map from names to values of one schema (`Record<string, T>`). */
export const record = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values })

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

/** `{ data: T }`, the envelope of every single answer (docs/requirements.md#r15-api-contract). */
export const dataOf = (schema: JsonSchema): JsonSchema => obj({ data: schema })

/** `Paginated<T>`: a page of a list as every paged endpoint answers it. */
export const pageOf = (items: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema =>
  obj({ data: list(items), page: int, size: int, totalPages: int, totalElements: int, ...extra })

/** An answer whose shape is one of src/core's types that this description does not spell out yet. */
export const typed = (typeName: string, where = 'src/core/proverbs/contract.ts'): JsonSchema => ({
  description: `${typeName} (${where})`,
})
