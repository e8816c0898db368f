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

/**
 * The header carrying a request's own id, made on the device: the server applies a request once however often it
 * arrives (a resend after a lost answer finds its receipt and changes nothing).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/**
 * The 400 code for a record dated more than FUTURE_SKEW_MS past the server's clock (a device clock running
 * fast): the record is not at fault, only early. The answer's Date header is the clock the server judged by; a
 * device keeps the record and sends it again once that clock has caught up (src/offline/queue.ts).
 */
export const CLOCK_AHEAD = 'clock_ahead'
/** How far past the server's clock a device may date what it sends (learning entries, analytics events). */
export const FUTURE_SKEW_MS = 5 * 60_000

/** A message the server sends back for an action with nothing else to say. */
export type Notice = { message: string }
