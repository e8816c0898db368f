import type { FastifyError, FastifyInstance } from 'fastify'

/** An error the client caused or may see: status, a stable code and a human message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields)
export const notFound = (message: string) => new HttpError(404, 'not_found', message)

const FRAMEWORK_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'This content type is not accepted here.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', 'The body is not valid JSON.'],
}

/** Every error leaves as `{ error: { code, message, fields? } }`; a 5xx never shows its cause. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
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
      return reply.code(status).send({ error: { code: 'bad_request', message: error.message } })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } })
  })
}
