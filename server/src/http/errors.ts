import type { FastifyError, FastifyInstance } from 'fastify'
import { queryCancelled } from '../db/errors'

/** An error the client caused or may see: status, a stable code and a human message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, 'bad_request', message, fields)
export const notFound = (message: string) => new HttpError(404, 'not_found', message)
export const unauthorized = (code: 'unauthorized' | 'session_expired', message: string) =>
  new HttpError(401, code, message, undefined, { 'WWW-Authenticate': 'Bearer' })
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message)
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, 'conflict', message, fields)

const CODES_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
  431: 'headers_too_large',
}

export const codeForStatus = (status: number) => CODES_BY_STATUS[status] ?? 'client_error'

const FRAMEWORK_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, 'bad_request', 'The address is not valid (it may contain broken percent-encoding).'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'This content type is not accepted here.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', 'The body is not valid JSON.'],
}

/** For Fastify's `frameworkErrors` option: errors raised before routing (bad URLs) get the envelope too. */
export function frameworkErrorResponse(error: FastifyError): { status: number; body: { error: { code: string; message: string } } } {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
  const [status, code, message] = known ?? [400, 'bad_request', 'The request could not be understood.']
  return { status, body: { error: { code, message } } }
}

/** Told to a reader whose read ran past the public statement timeout, with Retry-After in seconds. */
export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.'
const BUSY_RETRY_AFTER_S = 5

/** Every error leaves as `{ error: { code, message, fields? } }`; a 5xx never shows its cause. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers)
      return reply.code(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      })
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
    if (known) {
      const [status, code, message] = known
      return reply.code(status).send({ error: { code, message } })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: codeForStatus(status), message: error.message } })
    }
    if (queryCancelled(error)) {
      // A public read that ran past its statement timeout (config publicQueryTimeoutMs): the server is busy, not broken.
      request.log.warn({ url: request.url }, 'a public read ran past its statement timeout')
      return reply
        .code(503)
        .header('Retry-After', String(BUSY_RETRY_AFTER_S))
        .send({ error: { code: 'busy', message: BUSY_MESSAGE } })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } })
  })
}
