import type { LoginResult } from '@core/account/contract'
import { isFreePlan } from '@core/payments/plans'
import { ACCOUNT_TEXTS, AUTH_TEXTS, type TokenPurpose } from '@core/account/texts'
import { type LoginInput, type SignupInput } from '@core/account/validation'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { uniqueViolation } from '../../db/errors'
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors'
import { giveBack, takeHit, type Limit, type Window } from '../../http/rate-limit'
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

type Deps = { db: Db; now: () => Date; config: Config; mailer: Mailer }

/** Accounts: signing up and activating, signing in, and the password's reset and change. */
export function createAuthService({ db, now, config, mailer }: Deps) {
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

  /**
   * Signs in, the client's attempt already counted at `at` (`client`). The account's attempt is counted
   * before its password is checked, so a burst of parallel guesses checks at most the limit's number of
   * passwords; a success gives both counts back.
   */
  async function login(input: LoginInput, at: Date, client: { limit: Limit; ip: string; window: Window }, perAccount: Limit) {
    const email = normaliseEmail(input.email)
    // The account's key is a digest: the limits table holds no addresses.
    const accountKey = hashToken(email)
    const accountWindow = await takeHit(db, perAccount, accountKey, at)
    const user = await userByEmail(db, email)
    const valid = await verifyPassword(user?.passwordHash, input.password)
    if (!user || !valid) throw new HttpError(401, 'invalid_credentials', AUTH_TEXTS.badCredentials)
    await Promise.all([giveBack(db, client.limit, client.ip, client.window), giveBack(db, perAccount, accountKey, accountWindow)])
    if (!user.activatedAt) throw forbidden(AUTH_TEXTS.notActivated, 'not_activated')
    const session = await createSession(db, user.id, now(), config.sessionDays)
    const result: LoginResult = {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: sessionUserOf(user),
    }
    return result
  }

  async function requestReset(email: string): Promise<void> {
    const user = await addresseeByEmail(db, email)
    if (user) await sendLink('reset', user)
  }

  /** Opening the emailed link proves the address, so a reset also activates the account. */
  async function resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password)
    const userId = await consumeEmailToken(db, token, 'reset', now())
    await setPassword(db, userId, passwordHash, now())
    await revokeUserSessions(db, userId, now())
    await retireEmailTokens(db, userId, 'reset', now())
  }

  /** The caller's own change: every other session ends, the current one stays. */
  async function changePassword(session: AuthSession, oldPassword: string, newPassword: string): Promise<void> {
    const { userId, sessionId } = session
    if (!(await verifyPassword(await passwordHashOf(db, userId), oldPassword))) {
      throw badRequest(AUTH_TEXTS.wrongOldPassword, { oldPassword: AUTH_TEXTS.wrongOldPassword })
    }
    await setPassword(db, userId, await hashPassword(newPassword))
    await revokeUserSessions(db, userId, now(), sessionId)
    await retireEmailTokens(db, userId, 'reset', now())
  }

  return { register, activate, resendActivation, login, requestReset, resetPassword, changePassword }
}

export type AuthService = ReturnType<typeof createAuthService>
