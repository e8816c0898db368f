import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as yup from 'yup'
import { API, ROUTES } from '@core/api-paths'
import type { LoginResult, Notice, RegisterResult } from '@core/contract'
import { isFreePlan } from '@core/plans'
import {
  ACCOUNT_TEXTS,
  changePasswordSchema,
  emailSchema,
  loginSchema,
  PHONE_PATTERN,
  resetPasswordSchema,
  signupSchema,
} from '@core/validation'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { deviceTokens, packages, payments, userLanguages, users } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors'
import { hasControlCharacters } from '../../http/params'
import { giveBack, rateLimit, takeHit, type Limit } from '../../http/rate-limit'
import { parseBody } from '../../http/validate'
import { assertKnownGroups, tooManyGroupsMessage } from '../../services/entitlements'
import { uniqueViolation } from '../../db/errors'
import type { Mailer } from '../../services/mail'
import { hashPassword, verifyPassword } from '../../services/passwords'
import { issuePaymentToken } from '../../services/payment-tokens'
import { createSession, revokeSession, revokeUserSessions } from '../../services/sessions'
import { hashToken } from '../../services/tokens'
import {
  ACTIVATION_LINK_MS,
  activationMail,
  consumeEmailToken,
  issueEmailToken,
  resetMail,
  retireEmailTokens,
  type TokenPurpose,
} from '../../services/email-tokens'
import { findPromoCode } from '../../services/promo-codes'

type Deps = { db: Db; now: () => Date; config: Config; mailer: Mailer }

export const AUTH_TEXTS = {
  registered: 'Your account has been created. Check your email for the link that activates it.',
  activationSent: 'If that address has an account waiting for activation, a new link is on its way. Check your email.',
  activated: 'Your account is active. You can sign in now.',
  resetRequested: 'If an account exists for that email, a link to reset its password is on its way. Check your email.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  signedOut: 'You have signed out.',
  badCredentials: 'Incorrect email or password.',
  notActivated: 'Your account is not activated yet. Check your email for the activation link, or send a new one.',
  wrongOldPassword: 'The old password is not correct.',
} as const

const normaliseEmail = (email: string) => email.trim().toLowerCase()

const tokenBody = yup.object({
  token: yup.string().typeError('This link is not valid.').required('The link is missing its token.').max(100, 'This link is not valid.'),
})

/** Logout may name this device's push token: it stops receiving the account's pushes. */
const logoutBody = yup.object({
  device_token: yup.string().strict().typeError('device_token must be text.').max(4096, 'device_token is too long.').optional(),
})

export function authRoutes(app: FastifyInstance, { db, now, config, mailer }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const fifteenMinutes = 15 * 60_000
  const limits = {
    /** Sign-in attempts per client address; a success is given back, so people behind one NAT are not locked out together. */
    login: { name: 'login', max: config.authRateLimit, windowMs: fifteenMinutes },
    /** Sign-in attempts per account, from any address (successes given back): guessing one password from many addresses stops too. */
    loginAccount: { name: 'login-account', max: config.authRateLimit, windowMs: fifteenMinutes },
    reset: { name: 'reset', max: config.authRateLimit, windowMs: fifteenMinutes },
    mail: { name: 'mail', max: config.authRateLimit, windowMs: fifteenMinutes },
    password: { name: 'password', max: config.authRateLimit, windowMs: fifteenMinutes },
    check: { name: 'check', max: config.checkRateLimit, windowMs: 60_000 },
  } satisfies Record<string, Limit>
  const limit = (request: FastifyRequest, which: Limit) => rateLimit(db, which, request, now())

  /** The link and its mail are committed with the change they belong to (tx), or in a transaction of their own. */
  async function sendLink(purpose: TokenPurpose, user: { id: number; email: string; firstName: string }, tx?: Tx) {
    const write = async (t: Tx) => {
      const token = await issueEmailToken(t, user.id, purpose, now())
      const mail = purpose === 'activate' ? activationMail(user, token, config.publicUrl) : resetMail(user, token, config.publicUrl)
      await mailer.send(mail, { tx: t })
    }
    if (tx) await write(tx)
    else {
      await db.transaction(write)
      mailer.wake()
    }
  }

  // The user-exists flag: public by design (docs/requirements.md#r15-api-contract), so rate-limited.
  app.get(API.checkEmail, async (request) => {
    await limit(request, limits.check)
    const { email } = await parseBody(emailSchema, request.query)
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
    return { data: { exists: Boolean(row) } }
  })

  app.get<{ Params: { phone: string } }>(ROUTES.checkPhone, async (request) => {
    await limit(request, limits.check)
    const phone = request.params.phone.trim()
    if (!PHONE_PATTERN.test(phone)) throw badRequest('Invalid phone number', { phoneNumber: 'Invalid phone number' })
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone))
    return { data: { exists: Boolean(row) } }
  })

  app.get<{ Params: { code: string } }>(ROUTES.verifyPromoCode, async (request) => {
    await limit(request, limits.check)
    const code = request.params.code.trim()
    if (code.length > 40 || hasControlCharacters(code))
      throw badRequest(ACCOUNT_TEXTS.promoInvalid, { promoCode: ACCOUNT_TEXTS.promoInvalid })
    const promo = await findPromoCode(db, code, now())
    return { data: { code: code.toUpperCase(), valid: Boolean(promo), percentOff: promo?.percentOff ?? 0 } }
  })

  app.post(API.register, async (request, reply) => {
    await limit(request, limits.mail)
    const input = await parseBody(signupSchema, request.body)
    const [plan] = await db.select().from(packages).where(eq(packages.id, input.packageId))
    if (!plan) throw badRequest('Please select a subscription plan', { packageId: 'Please select a subscription plan' })
    const languages = [...new Set(input.languages)]
    if (languages.length > plan.noOfEthnics) {
      const message = tooManyGroupsMessage(plan, plan.noOfEthnics)
      throw badRequest(message, { languages: message })
    }
    await assertKnownGroups(db, languages)
    let promoCode: string | null = null
    if (input.promoCode) {
      const promo = await findPromoCode(db, input.promoCode, now())
      if (!promo) throw badRequest(ACCOUNT_TEXTS.promoInvalid, { promoCode: ACCOUNT_TEXTS.promoInvalid })
      promoCode = promo.code
    }
    const email = normaliseEmail(input.email)
    // A sign-up never activated within its link's life releases its email and phone, so nobody can hold
    // someone else's address or number by registering it and walking away. One that paid is kept.
    await db
      .delete(users)
      .where(
        and(
          isNull(users.activatedAt),
          lt(users.createdAt, new Date(now().getTime() - ACTIVATION_LINK_MS)),
          or(eq(users.email, email), input.phoneNumber ? eq(users.phoneNumber, input.phoneNumber) : undefined),
          sql`not exists (select 1 from ${payments} where ${payments.userId} = ${users.id} and ${payments.status} = 'success')`,
        ),
      )
    const passwordHash = await hashPassword(input.password1)
    let user: { id: number; email: string; firstName: string }
    try {
      // The account and its activation mail are one change: never an account nobody was told about.
      user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber ?? null,
            packageId: plan.id,
            promoCode,
            createdAt: now(),
          })
          .returning({ id: users.id, email: users.email, firstName: users.firstName })
        if (languages.length > 0) {
          await tx
            .insert(userLanguages)
            .values(languages.map((ethnicGroupId, position) => ({ userId: created.id, ethnicGroupId, position })))
        }
        await sendLink('activate', created, tx)
        return created
      })
      mailer.wake()
    } catch (error) {
      const violation = uniqueViolation(error)
      if (!violation) throw error
      if (violation.constraint.includes('phone')) throw conflict(ACCOUNT_TEXTS.phoneTaken, { phoneNumber: ACCOUNT_TEXTS.phoneTaken })
      throw conflict(ACCOUNT_TEXTS.emailTaken, { email: ACCOUNT_TEXTS.emailTaken })
    }
    const paymentToken = isFreePlan({ amount: Number(plan.amount) }) ? null : await issuePaymentToken(db, user.id, now())
    return reply.code(201).send({ data: { message: AUTH_TEXTS.registered, email, paymentToken } satisfies RegisterResult })
  })

  app.post(API.activate, async (request) => {
    const { token } = await parseBody(tokenBody, request.body)
    const userId = await consumeEmailToken(db, token, 'activate', now())
    await db
      .update(users)
      .set({ activatedAt: now() })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)))
    return { data: { message: AUTH_TEXTS.activated } satisfies Notice }
  })

  app.post(API.resendActivation, async (request) => {
    await limit(request, limits.mail)
    const { email } = await parseBody(emailSchema, request.body)
    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, activatedAt: users.activatedAt })
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
    if (user && !user.activatedAt) await sendLink('activate', user)
    return { data: { message: AUTH_TEXTS.activationSent } satisfies Notice }
  })

  app.post(API.login, async (request) => {
    const at = now()
    // Every attempt is counted before any password is checked (per client, then per account), so a burst
    // of parallel guesses checks at most the limit's number of passwords; a success gives its counts back.
    const clientWindow = await takeHit(db, limits.login, request.ip, at)
    const input = await parseBody(loginSchema, request.body)
    const email = normaliseEmail(input.email)
    // The account's key is a digest: the limits table holds no addresses.
    const accountKey = hashToken(email)
    const accountWindow = await takeHit(db, limits.loginAccount, accountKey, at)
    const [user] = await db.select().from(users).where(eq(users.email, email))
    const valid = await verifyPassword(user?.passwordHash, input.password)
    if (!user || !valid) throw new HttpError(401, 'invalid_credentials', AUTH_TEXTS.badCredentials)
    await Promise.all([giveBack(db, limits.login, request.ip, clientWindow), giveBack(db, limits.loginAccount, accountKey, accountWindow)])
    if (!user.activatedAt) throw forbidden(AUTH_TEXTS.notActivated, 'not_activated')
    const session = await createSession(db, user.id, now(), config.sessionDays)
    const result: LoginResult = {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    }
    return { data: result }
  })

  app.post(API.logout, { preHandler: requireUser }, async (request) => {
    const { device_token: deviceToken } = await parseBody(logoutBody, request.body ?? {})
    const { sessionId, userId } = sessionOf(request)
    await revokeSession(db, sessionId, now())
    // Only the caller's own row: a token another account has since saved is theirs.
    if (deviceToken) await db.delete(deviceTokens).where(and(eq(deviceTokens.token, deviceToken), eq(deviceTokens.userId, userId)))
    return { data: { message: AUTH_TEXTS.signedOut } satisfies Notice }
  })

  app.post(API.resetPasswordRequest, async (request) => {
    await limit(request, limits.reset)
    const { email } = await parseBody(emailSchema, request.body)
    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
    if (user) await sendLink('reset', user)
    return { data: { message: AUTH_TEXTS.resetRequested } satisfies Notice }
  })

  app.post(API.verifyPasswordToken, async (request) => {
    await limit(request, limits.reset)
    const { token } = await parseBody(tokenBody, request.body)
    await consumeEmailToken(db, token, 'reset', now(), { peek: true })
    return { data: { valid: true } }
  })

  app.post(API.saveResetPassword, async (request) => {
    await limit(request, limits.reset)
    const { token } = await parseBody(tokenBody, request.body)
    const { password } = await parseBody(resetPasswordSchema, request.body)
    const passwordHash = await hashPassword(password)
    const userId = await consumeEmailToken(db, token, 'reset', now())
    // Opening the emailed link proves the address, so a reset also activates the account.
    await db
      .update(users)
      .set({ passwordHash, activatedAt: sql`coalesce(${users.activatedAt}, ${now().toISOString()}::timestamptz)` })
      .where(eq(users.id, userId))
    await revokeUserSessions(db, userId, now())
    await retireEmailTokens(db, userId, 'reset', now())
    return { data: { message: AUTH_TEXTS.passwordReset } satisfies Notice }
  })

  app.post(API.passwordUpdate, { preHandler: requireUser }, async (request) => {
    await limit(request, limits.password)
    const { userId, sessionId } = sessionOf(request)
    const { oldPassword, newPassword } = await parseBody(changePasswordSchema, request.body)
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
    if (!(await verifyPassword(user?.passwordHash, oldPassword))) {
      throw badRequest(AUTH_TEXTS.wrongOldPassword, { oldPassword: AUTH_TEXTS.wrongOldPassword })
    }
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, userId))
    await revokeUserSessions(db, userId, now(), sessionId)
    await retireEmailTokens(db, userId, 'reset', now())
    return { data: { message: AUTH_TEXTS.passwordChanged } satisfies Notice }
  })
}
