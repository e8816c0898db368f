/** Response and entity shapes of the API (the envelope: docs/requirements.md#r15-api-contract). */

export type DataEnvelope<T> = { data: T }

export type Paginated<T> = {
  data: T[]
  page: number
  size: number
  totalPages: number
  totalElements: number
}

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> }
}

/** A message the server sends back for an action with nothing else to say. */
export type Notice = { message: string }
