import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import type { Notice } from '@core/http/contract'
import type { RegisterResult } from '@core/account/contract'
import { ACCOUNT_TEXTS, AUTH_TEXTS } from '@core/account/texts'
import {
  changePasswordSchema,
  emailSchema,
  emailTokenSchema,
  loginSchema,
  logoutSchema,
  resetPasswordSchema,
  signupSchema,
} from '@core/account/validation'
import { MESSAGES, PHONE_PATTERN } from '@core/shared/validation'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest, notFound } from '../../http/errors'
import { hasControlCharacters } from '../../http/params'
import { rateLimit, recordHit, refuseOver, type Limit } from '../../http/rate-limit'
import { clientKey } from '../../http/client-key'
import { parseBody } from '../../http/validate'
import { consumeEmailToken } from '../../services/email-tokens'
import { findPromoCode } from '../../services/promo-codes'
import { revokeSession } from '../../services/sessions'
import { emailExists, forgetDevice, phoneExists, sessionUserById } from './repository'
import { type AuthService } from './service'
import { carriesDeviceCookie, deviceCookieHeader, requestCookies, type DeviceCookie } from './device-cookie'

type Deps = { db: Db; now: () => Date; config: Config; auth: AuthService }

/** Sign-up, activation, sign-in and out, and the password's reset and change (docs/requirements.md#r3-accounts-and-sign-in). */
export function authRoutes(app: FastifyInstance, { db, now, config, auth }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const fifteenMinutes = 15 * 60_000
  const limits = {
    /** Sign-in attempts per client address; a success is given back, so people behind one NAT are not locked out together. */
    login: { name: 'login', max: config.authRateLimit, windowMs: fifteenMinutes },
    /** Sign-in attempts per account, from any address (successes given back): guessing one password from many addresses stops too. */
    loginAccount: { name: 'login-account', max: config.authRateLimit, windowMs: fifteenMinutes },
    /** Sign-in attempts per known browser (its device cookie), instead of the two above (docs/decisions/026-known-browsers.md). */
    loginDevice: { name: 'login-device', max: config.authRateLimit, windowMs: fifteenMinutes },
    reset: { name: 'reset', max: config.authRateLimit, windowMs: fifteenMinutes },
    mail: { name: 'mail', max: config.authRateLimit, windowMs: fifteenMinutes },
    password: { name: 'password', max: config.authRateLimit, windowMs: fifteenMinutes },
    check: { name: 'check', max: config.checkRateLimit, windowMs: 60_000 },
  } satisfies Record<string, Limit>
  const limit = (request: FastifyRequest, which: Limit) => rateLimit(db, which, request, now())
  const secure = config.publicUrl.startsWith('https:')
  const remember = (reply: FastifyReply, cookie: DeviceCookie) => reply.header('set-cookie', deviceCookieHeader(cookie, secure))

  // The user-exists flag: public by design (docs/requirements.md#r15-api-contract), so rate-limited.
  app.get(API.checkEmail, async (request) => {
    await limit(request, limits.check)
    const { email } = await parseBody(emailSchema, request.query)
    return { data: { exists: await emailExists(db, email) } }
  })

  app.get<{ Params: { phone: string } }>(ROUTES.checkPhone, async (request) => {
    await limit(request, limits.check)
    const phone = request.params.phone.trim()
    if (!PHONE_PATTERN.test(phone)) throw badRequest(MESSAGES.phoneInvalid, { phoneNumber: MESSAGES.phoneInvalid })
    return { data: { exists: await phoneExists(db, phone) } }
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
    const { email, paymentToken } = await auth.register(input)
    return reply.code(201).send({ data: { message: AUTH_TEXTS.registered, email, paymentToken } satisfies RegisterResult })
  })

  app.post(API.activate, async (request) => {
    const { token } = await parseBody(emailTokenSchema, request.body)
    await auth.activate(token)
    return { data: { message: AUTH_TEXTS.activated } satisfies Notice }
  })

  app.post(API.resendActivation, async (request) => {
    await limit(request, limits.mail)
    const { email } = await parseBody(emailSchema, request.body)
    await auth.resendActivation(email)
    return { data: { message: AUTH_TEXTS.activationSent } satisfies Notice }
  })

  app.post(API.login, async (request, reply) => {
    const at = now()
    // Every attempt is counted before the body is read or any password checked (per client here, then per
    // account). One that may come from a known browser is refused only once the body names its account.
    const cookies = requestCookies(request.headers.cookie)
    const client = { limit: limits.login, key: clientKey(request), window: await recordHit(db, limits.login, clientKey(request), at) }
    if (!carriesDeviceCookie(cookies)) refuseOver(limits.login, client.window, at)
    const input = await parseBody(loginSchema, request.body)
    const { result, deviceCookie } = await auth.login(
      input,
      at,
      { client, cookies },
      { account: limits.loginAccount, device: limits.loginDevice },
    )
    remember(reply, deviceCookie)
    return { data: result }
  })

  app.post(API.logout, { preHandler: requireUser }, async (request) => {
    const { device_token: deviceToken } = await parseBody(logoutSchema, request.body ?? {})
    const { sessionId, userId } = sessionOf(request)
    await revokeSession(db, sessionId, now())
    if (deviceToken) await forgetDevice(db, userId, deviceToken)
    return { data: { message: AUTH_TEXTS.signedOut } satisfies Notice }
  })

  // The account menu asks whether to offer the console here: a plain answer for everyone, never a forbidden route.
  app.get(API.session, { preHandler: requireUser }, async (request) => {
    const user = await sessionUserById(db, sessionOf(request).userId)
    if (!user) throw notFound('This account no longer exists.')
    return { data: { user } }
  })

  app.post(API.resetPasswordRequest, async (request) => {
    await limit(request, limits.reset)
    const { email } = await parseBody(emailSchema, request.body)
    await auth.requestReset(email)
    return { data: { message: AUTH_TEXTS.resetRequested } satisfies Notice }
  })

  app.post(API.verifyPasswordToken, async (request) => {
    await limit(request, limits.reset)
    const { token } = await parseBody(emailTokenSchema, request.body)
    await consumeEmailToken(db, token, 'reset', now(), { peek: true })
    return { data: { valid: true } }
  })

  app.post(API.saveResetPassword, async (request, reply) => {
    await limit(request, limits.reset)
    const { token } = await parseBody(emailTokenSchema, request.body)
    const { password } = await parseBody(resetPasswordSchema, request.body)
    remember(reply, await auth.resetPassword(token, password))
    return { data: { message: AUTH_TEXTS.passwordReset } satisfies Notice }
  })

  app.post(API.passwordUpdate, { preHandler: requireUser }, async (request, reply) => {
    await limit(request, limits.password)
    const { oldPassword, newPassword } = await parseBody(changePasswordSchema, request.body)
    remember(reply, await auth.changePassword(sessionOf(request), oldPassword, newPassword))
    return { data: { message: AUTH_TEXTS.passwordChanged } satisfies Notice }
  })
}
