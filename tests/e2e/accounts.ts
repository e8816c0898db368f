import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import type { LoginResult } from '../../src/core/account/contract'
import { E2E_MAIL_DIR } from '../support/e2e-env'
import { linkIn, waitForMailFile } from '../support/mail-catcher'

export const PASSWORD = 'Proverb#1'

export type Account = LoginResult & { email: string; password: string; firstName: string; lastName: string }

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`

/** The activation link mailed to an address, read from the local SMTP server's folder. */
export async function activationLink(email: string): Promise<string> {
  return linkIn(await waitForMailFile(E2E_MAIL_DIR, email, /Activate/), '/auth/activate')
}

/** What the sign-up form sends (POST /accounts/register), on the Free plan unless told. */
export function signUpBody(
  email: string,
  overrides: { firstName?: string; lastName?: string; packageId?: number; languages?: number[]; promoCode?: string } = {},
) {
  return { firstName: 'Amaka', lastName: 'Obi', email, password1: PASSWORD, password2: PASSWORD, packageId: 1, ...overrides }
}

/** A fresh, activated and signed-in account, made through the API (its own journey is tested elsewhere). */
export async function createAccount(
  request: APIRequestContext,
  overrides: { languages?: number[]; packageId?: number } = {},
): Promise<Account> {
  const email = uniqueEmail('reader')
  const body = signUpBody(email, { firstName: 'Chidi', lastName: 'Nwosu', ...overrides })
  expect((await request.post('/accounts/register', { data: body })).status()).toBe(201)
  const token = new URL(await activationLink(email)).searchParams.get('token')
  expect((await request.post('/accounts/activate', { data: { token } })).ok()).toBe(true)
  const login = await request.post('/accounts/login', { data: { email, password: PASSWORD } })
  expect(login.ok()).toBe(true)
  const result = ((await login.json()) as { data: LoginResult }).data
  return { ...result, email, password: PASSWORD, firstName: body.firstName, lastName: body.lastName }
}

/**
 * A reader without a package meets an advert on their first page (docs/requirements.md#r8-adverts). Journeys about
 * something else start every page as if one had just been shown (adverts are spaced minutes apart), whoever signs in,
 * through the form or not ("a second ago": a showing in the future counts as a clock set back). A string script: the
 * page runs it as written.
 */
export async function withoutAdverts(context: BrowserContext): Promise<void> {
  await context.addInitScript(`{
    const getItem = Storage.prototype.getItem
    Storage.prototype.getItem = function (key) {
      if (typeof key === 'string' && key.startsWith('owe-ads-last-shown:')) return JSON.stringify({ at: Date.now() - 1000, advertId: 0 })
      return getItem.call(this, key)
    }
  }`)
}

/**
 * Puts a session in the browser the way the app's sign-in does (docs/requirements.md#r3-accounts-and-sign-in): cookie
 * plus local storage.
 */
export async function useAccount(
  context: BrowserContext,
  baseURL: string,
  account: Account,
  options: { adverts?: boolean } = {},
): Promise<void> {
  if (!options.adverts) await withoutAdverts(context)
  await context.addCookies([
    { name: 'cookieConsent', value: 'true', url: baseURL },
    { name: 'userToken', value: account.token, url: baseURL },
  ])
  await context.addInitScript((user) => {
    // A new tab's first document (about:blank) has no storage of its own: reading it there throws.
    if (!location.protocol.startsWith('http')) return
    if (!localStorage.getItem('user') && !sessionStorage.getItem('owe:e2e-session-set')) {
      localStorage.setItem('isAuthenticated', 'true')
      localStorage.setItem('user', JSON.stringify(user))
      sessionStorage.setItem('owe:e2e-session-set', '1')
    }
  }, account.user)
}

/**
 * What the sign-up form keeps for the tab when it succeeds (the form itself: account-journey.spec.ts), so that the end
 * of sign-up (`/register_payment_success`) offers to pay for the plan chosen. Set in the tab's first page only, as the
 * form does once.
 */
export async function signedUpInThisTab(
  context: BrowserContext,
  email: string,
  payment: { token: string; packageId: number; promoCode?: string },
): Promise<void> {
  await context.addInitScript(
    ([address, chosen]) => {
      if (!location.protocol.startsWith('http') || sessionStorage.getItem('owe:e2e-signed-up')) return
      sessionStorage.setItem('owe:e2e-signed-up', '1')
      sessionStorage.setItem('owe:registered-email', address)
      sessionStorage.setItem('owe:registration-payment', chosen)
    },
    [email, JSON.stringify(payment)],
  )
}
