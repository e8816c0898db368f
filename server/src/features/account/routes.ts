import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import { addressSchema, personalInfoSchema } from '@core/account/validation'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { parseBody } from '../../http/validate'
import { PICTURE_MAX_BYTES, readPicture } from './picture'
import { addressOf, pictureOf, saveAddress, savePicture, toAddress } from './repository'
import { changePersonalInfo, fullProfile, personalInfo } from './service'

type Deps = { db: Db; now: () => Date }

/** Every handler reads and writes only the caller's own rows: the user id comes from the session. */
export function accountRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.personalInfo, { preHandler: requireUser }, async (request) => ({ data: await personalInfo(db, sessionOf(request).userId) }))

  app.post(API.personalInfo, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const input = await parseBody(personalInfoSchema, request.body)
    return { data: await changePersonalInfo(db, userId, input) }
  })

  app.get(API.address, { preHandler: requireUser }, async (request) => ({
    data: toAddress(await addressOf(db, sessionOf(request).userId)),
  }))

  app.post(API.address, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const input = await parseBody(addressSchema, request.body)
    const row = await saveAddress(db, userId, {
      country: input.country,
      state: input.state,
      city: input.city,
      street: input.street,
      houseNumber: input.house_number,
      postalCode: input.postal_code,
      updatedAt: now(),
    })
    return { data: toAddress(row) }
  })

  app.get(API.profileFull, { preHandler: requireUser }, async (request) => ({
    data: await fullProfile(db, sessionOf(request).userId, now()),
  }))

  // The picture is binary; 204 means there is none (docs/requirements.md#r4-profile).
  app.get(API.picture, { preHandler: requireUser }, async (request, reply) => {
    const row = await pictureOf(db, sessionOf(request).userId)
    if (!row) return reply.code(204).send()
    return reply
      .header('Content-Type', row.mimeType)
      .header('Cache-Control', 'private, no-cache')
      .header('Last-Modified', row.updatedAt.toUTCString())
      .send(row.content)
  })

  app.post(API.picture, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const { content, mimeType } = await readPicture(request)
    await savePicture(db, userId, { mimeType, content, updatedAt: now() })
    return { data: { mimeType, size: content.length, maxBytes: PICTURE_MAX_BYTES } }
  })
}
