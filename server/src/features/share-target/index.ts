import type { FastifyInstance } from 'fastify'
import { SHARE_TARGET_PARAMS, SHARE_TARGET_PATH, sharedProverbPath } from '@core/shared/share-target'
import { BODY_LIMITS } from '../../http/body-limits'

/**
 * Web Share Target when no worker answers (the app's first visit, or a browser that stopped it): what another app
 * shared is posted here as a form, and the reader is sent on to "Suggest a proverb" with it (303: the browser then
 * GETs that page). The worker answers the same post itself, offline too (sw/share-target.ts). Nothing is stored.
 */
export function shareTargetFeature(app: FastifyInstance): void {
  void app.register(async (scope) => {
    // Only here: the rest of the API takes JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.json },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    )
    scope.post(SHARE_TARGET_PATH, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams()
      const path = sharedProverbPath({
        title: form.get(SHARE_TARGET_PARAMS.title),
        text: form.get(SHARE_TARGET_PARAMS.text),
        url: form.get(SHARE_TARGET_PARAMS.url),
      })
      return reply.redirect(path, 303)
    })
  })
}
