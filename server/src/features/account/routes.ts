import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { Address, FullProfile, PersonalInfo } from '@core/contract'
import { ACCOUNT_TEXTS, addressSchema, personalInfoSchema } from '@core/validation'
import { uniqueViolation } from '../../db/errors'
import type { Db } from '../../db/client'
import { packages, userAddresses, userPictures, users } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { conflict, notFound } from '../../http/errors'
import { parseBody } from '../../http/validate'
import { entitlementOf } from '../../services/entitlements'
import { listGroups } from '../../services/proverbs'
import { PICTURE_MAX_BYTES, readPicture } from './picture'

type Deps = { db: Db; now: () => Date }

function toAddress(row: typeof userAddresses.$inferSelect | undefined): Address | null {
  if (!row) return null
  return {
    country: row.country,
    state: row.state,
    city: row.city,
    street: row.street,
    house_number: row.houseNumber,
    postal_code: row.postalCode,
  }
}

/** Every handler reads and writes only the caller's own rows: the user id comes from the session. */
export function accountRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  async function personalInfo(userId: number): Promise<PersonalInfo> {
    const [user] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId))
    if (!user) throw notFound('This account no longer exists.')
    return { content: user }
  }

  app.get(API.personalInfo, { preHandler: requireUser }, async (request) => ({ data: await personalInfo(sessionOf(request).userId) }))

  app.post(API.personalInfo, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const input = await parseBody(personalInfoSchema, request.body)
    try {
      await db
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber ?? null })
        .where(eq(users.id, userId))
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(ACCOUNT_TEXTS.phoneTaken, { phoneNumber: ACCOUNT_TEXTS.phoneTaken })
      throw error
    }
    return { data: await personalInfo(userId) }
  })

  app.get(API.address, { preHandler: requireUser }, async (request) => {
    const [row] = await db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, sessionOf(request).userId))
    return { data: toAddress(row) }
  })

  app.post(API.address, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const input = await parseBody(addressSchema, request.body)
    const values = {
      country: input.country,
      state: input.state,
      city: input.city,
      street: input.street,
      houseNumber: input.house_number,
      postalCode: input.postal_code,
      updatedAt: now(),
    }
    const [row] = await db
      .insert(userAddresses)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userAddresses.userId, set: values })
      .returning()
    return { data: toAddress(row) }
  })

  app.get(API.profileFull, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const [user] = await db.select().from(users).where(eq(users.id, userId))
    if (!user) throw notFound('This account no longer exists.')
    const [[plan], [address], [picture], entitlement, groups] = await Promise.all([
      user.packageId ? db.select().from(packages).where(eq(packages.id, user.packageId)) : Promise.resolve([]),
      db.select().from(userAddresses).where(eq(userAddresses.userId, userId)),
      db.select({ userId: userPictures.userId }).from(userPictures).where(eq(userPictures.userId, userId)),
      entitlementOf(db, userId, now()),
      listGroups(db),
    ])
    const byId = new Map(groups.map((g) => [g.id, g]))
    const profile: FullProfile = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      createdAt: user.createdAt.toISOString(),
      package: plan
        ? { id: plan.id, name: plan.name, amount: Number(plan.amount), noOfEthnics: plan.noOfEthnics, description: plan.description }
        : null,
      hasActivePackage: entitlement.hasActivePackage,
      address: toAddress(address),
      hasPicture: Boolean(picture),
      languages: entitlement.selected.map((id) => byId.get(id)!).filter(Boolean),
    }
    return { data: profile }
  })

  // The picture is binary; 204 means there is none (docs/requirements.md#r4-profile).
  app.get(API.picture, { preHandler: requireUser }, async (request, reply) => {
    const [row] = await db
      .select()
      .from(userPictures)
      .where(eq(userPictures.userId, sessionOf(request).userId))
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
    const values = { mimeType, content, updatedAt: now() }
    await db
      .insert(userPictures)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userPictures.userId, set: values })
    return { data: { mimeType, size: content.length, maxBytes: PICTURE_MAX_BYTES } }
  })
}
