import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as yup from 'yup'
import { API, ROUTES } from '@core/http/api-paths'
import type { AdToggle, AdvertContent, AdvertFile } from '@core/adverts/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest, notFound } from '../../http/errors'
import { parseId } from '../../http/params'
import { parseBody } from '../../http/validate'
import { activeAdvert, advertsFor, setToggle, toggleOf } from './repository'
import { AD_TEXTS } from '@core/adverts/texts'

type Deps = { db: Db; now: () => Date }

const NAME_PATTERN = /^[A-Za-z0-9._-]{1,100}$/

// strict(): "true" or 1 is a client bug, not a choice.
const toggleSchema = yup.object({
  toggle: yup.boolean().strict().typeError(AD_TEXTS.toggle).required(AD_TEXTS.toggle),
})

/**
 * Behind a session and per user, so never in a shared cache; the content carries an ETag, so a device
 * asking again for an advert it already holds gets a 304 instead of the whole file on a metered plan.
 */
const privateRevalidate = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-cache')

/** The advert list, one advert's content, and the ad toggle (docs/requirements.md#r8-adverts). All need a session. */
export function adRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const userOf = (request: FastifyRequest) => sessionOf(request).userId

  app.get(API.adverts, { preHandler: requireUser }, async (request, reply): Promise<{ data: AdvertFile[] }> => {
    privateRevalidate(reply)
    return { data: await advertsFor(db, userOf(request)) }
  })

  app.get<{ Params: { idOrName: string } }>(ROUTES.advert, { preHandler: requireUser }, async (request, reply) => {
    const { idOrName } = request.params
    const id = parseId(idOrName)
    if (id === undefined && !NAME_PATTERN.test(idOrName)) throw badRequest(AD_TEXTS.badIdOrName, { idOrName: AD_TEXTS.badIdOrName })
    const row = await activeAdvert(db, id === undefined ? { name: idOrName } : { id })
    if (!row) throw notFound(AD_TEXTS.notFound)
    const etag = `"${row.etag}"`
    privateRevalidate(reply).header('ETag', etag)
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    const data: AdvertContent = {
      id: row.id,
      type: row.type,
      name: row.name,
      file: row.content.toString('base64'),
      alt: row.alt,
      link: row.link,
    }
    return { data }
  })

  app.get(API.adToggle, { preHandler: requireUser }, async (request, reply): Promise<{ data: AdToggle }> => {
    privateRevalidate(reply)
    return { data: await toggleOf(db, userOf(request)) }
  })

  app.post(API.adToggle, { preHandler: requireUser }, async (request): Promise<{ data: AdToggle }> => {
    const { toggle } = await parseBody(toggleSchema, request.body)
    return { data: await setToggle(db, userOf(request), toggle) }
  })
}
