import type { LoginResult } from '@core/account/contract'
import { isFreePlan } from '@core/payments/plans'
import { ACCOUNT_TEXTS, AUTH_TEXTS, type TokenPurpose } from '@core/account/texts'
import { type LoginInput, type SignupInput } from '@core/account/validation'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { uniqueViolation } from '../../db/errors'
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors'
import { giveBack, refuseOver, takeHit, type Limit, type Window } from '../../http/rate-limit'
import { assertKnownGroups, tooManyGroupsMessage } from '../../services/entitlements'
import {
  ACTIVATION_LINK_MS,
  activationMail,
  consumeEmailToken,
  issueEmailToken,
  mayMailLink,
  resetMail,
  retireEmailTokens,
} from '../../services/email-tokens'
import type { Mailer } from '../../services/mail'
import { hashPassword, verifyPassword } from '../../services/passwords'
import { issuePaymentToken } from '../../services/payment-tokens'
import { findPromoCode } from '../../services/promo-codes'
import { createSession, revokeUserSessions, type AuthSession } from '../../services/sessions'
import { hashToken } from '../../services/tokens'
import {
  activateUser,
  addresseeByEmail,
  insertUser,
  normaliseEmail,
  passwordHashOf,
  planById,
  releaseStaleSignUps,
  sessionUserOf,
  setPassword,
  userByEmail,
  type Addressee,
} from './repository'
import { deviceCookieName, issueDeviceCookie, knownDevice, type DeviceCookie, type DeviceOwner } from './device-cookie'

type Deps = { db: Db; now: () => Date; config: Config; mailer: Mailer; deviceSecret: () => string }

/** One hit a limit counted, so it can be given back: the limit, whose it is, and the window it fell in. */
export type Counted = { limit: Limit; key: string; window: Window }

/** Accounts: signing up and activating, signing in, and the password's reset and change. */
export function createAuthService({ db, now, config, mailer, deviceSecret }: Deps) {
  /**
   * The link and its mail are committed with the change they belong to (tx), or in a transaction of their
   * own; none past the account's LINK_MAILS_PER_HOUR. The caller's answer is the same either way.
   */
  async function sendLink(purpose: TokenPurpose, user: Addressee, tx?: Tx) {
    const write = async (t: Tx) => {
      if (!(await mayMailLink(t, user.id, now()))) return
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

  /** A new account on a plan, its languages and activation mail; a payment token when the plan costs money. */
  async function register(input: SignupInput): Promise<{ email: string; paymentToken: string | null }> {
    const plan = await planById(db, input.packageId)
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
    await releaseStaleSignUps(db, email, input.phoneNumber ?? undefined, new Date(now().getTime() - ACTIVATION_LINK_MS))
    const passwordHash = await hashPassword(input.password1)
    let user: Addressee
    try {
      // The account and its activation mail are one change: never an account nobody was told about.
      user = await db.transaction(async (tx) => {
        const created = await insertUser(
          tx,
          {
            email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber ?? null,
            packageId: plan.id,
            promoCode,
            createdAt: now(),
          },
          languages,
        )
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
    return { email, paymentToken }
  }

  async function activate(token: string): Promise<void> {
    const userId = await consumeEmailToken(db, token, 'activate', now())
    await activateUser(db, userId, now())
  }

  /** A new activation link, only for an account still waiting for one. */
  async function resendActivation(email: string): Promise<void> {
    const user = await addresseeByEmail(db, email)
    if (user && !user.activatedAt) await sendLink('activate', user)
  }

  const giveAllBack = (hits: Counted[]) => Promise.all(hits.map((hit) => giveBack(db, hit.limit, hit.key, hit.window)))

  /** A fresh device cookie for the account (docs/decisions/026-known-browsers.md). */
  const deviceCookieFor = (owner: DeviceOwner): DeviceCookie => issueDeviceCookie(deviceSecret(), owner, now())

  /**
   * Signs in, the client's attempt already counted at `at` (`client`; refused already when over, unless the
   * request carries a device cookie). A browser holding a valid device cookie for the account is counted
   * on its own (`limits.device`, keyed by its nonce) and neither the client's nor the account's count holds it
   * back; any other attempt is refused by the client's count, then counted against the account. Each count is
   * taken before the password is checked, so a burst of parallel guesses checks at most the limit's number
   * of passwords; a success gives its counts back and brings a fresh device cookie.
   */
  async function login(
    input: LoginInput,
    at: Date,
    attempt: { client: Counted; cookies: Map<string, string> },
    limits: { account: Limit; device: Limit },
  ): Promise<{ result: LoginResult; deviceCookie: DeviceCookie }> {
    const email = normaliseEmail(input.email)
    const user = await userByEmail(db, email)
    const { client, cookies } = attempt
    const device = user ? knownDevice(deviceSecret(), user, cookies.get(deviceCookieName(deviceSecret(), email)), at) : null
    let counted: Counted[]
    if (device) {
      // Strangers sharing this browser's address do not lock it out: its own failures do.
      await giveAllBack([client])
      const key = hashToken(device)
      counted = [{ limit: limits.device, key, window: await takeHit(db, limits.device, key, at) }]
    } else {
      refuseOver(client.limit, client.window, at)
      // The account's key is a digest: the limits table holds no addresses.
      const key = hashToken(email)
      counted = [client, { limit: limits.account, key, window: await takeHit(db, limits.account, key, at) }]
    }
    const valid = await verifyPassword(user?.passwordHash, input.password)
    if (!user || !valid) throw new HttpError(401, 'invalid_credentials', AUTH_TEXTS.badCredentials)
    await giveAllBack(counted)
    if (!user.activatedAt) throw forbidden(AUTH_TEXTS.notActivated, 'not_activated')
    const session = await createSession(db, user.id, now(), config.sessionDays)
    const result: LoginResult = {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: sessionUserOf(user),
    }
    return { result, deviceCookie: deviceCookieFor(user) }
  }

  async function requestReset(email: string): Promise<void> {
    const user = await addresseeByEmail(db, email)
    if (user) await sendLink('reset', user)
  }

  /**
   * Opening the emailed link proves the address, so a reset also activates the account. A new password
   * forgets every known browser; the one that set it is known from now on, so an owner whose account
   * strangers keep locked can always get back in through the mail.
   */
  async function resetPassword(token: string, password: string): Promise<DeviceCookie> {
    const passwordHash = await hashPassword(password)
    const userId = await consumeEmailToken(db, token, 'reset', now())
    const email = await setPassword(db, userId, passwordHash, now())
    await revokeUserSessions(db, userId, now())
    await retireEmailTokens(db, userId, 'reset', now())
    return deviceCookieFor({ email, passwordHash })
  }

  /** The caller's own change: every other session ends and every other browser is forgotten; the current ones stay. */
  async function changePassword(session: AuthSession, oldPassword: string, newPassword: string): Promise<DeviceCookie> {
    const { userId, sessionId } = session
    if (!(await verifyPassword(await passwordHashOf(db, userId), oldPassword))) {
      throw badRequest(AUTH_TEXTS.wrongOldPassword, { oldPassword: AUTH_TEXTS.wrongOldPassword })
    }
    const passwordHash = await hashPassword(newPassword)
    const email = await setPassword(db, userId, passwordHash)
    await revokeUserSessions(db, userId, now(), sessionId)
    await retireEmailTokens(db, userId, 'reset', now())
    return deviceCookieFor({ email, passwordHash })
  }

  return { register, activate, resendActivation, login, requestReset, resetPassword, changePassword }
}

export type AuthService = ReturnType<typeof createAuthService>
