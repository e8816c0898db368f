const KEY = 'owe:registered-email'
const PAYMENT_KEY = 'owe:registration-payment'
const FREE_KEY = 'owe:registration-free'

/** The address just registered, so /register_payment_success can offer to resend its mail after a reload. */
export function rememberRegisteredEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email)
  } catch {
    // Without storage the page asks for the address instead.
  }
}

export function registeredEmail(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * What paying at the end of sign-up needs before the account is activated: the short-lived token the
 * server gave for it, the plan chosen and the promo code given. Kept for this tab only (the payment
 * provider sends the user back to it).
 */
export type RegistrationPayment = { token: string; packageId: number; promoCode: string | null }

export function rememberRegistrationPayment(payment: RegistrationPayment): void {
  try {
    sessionStorage.removeItem(FREE_KEY)
    sessionStorage.setItem(PAYMENT_KEY, JSON.stringify(payment))
  } catch {
    // Without storage the user pays after signing in instead.
  }
}

export function registrationPayment(): RegistrationPayment | null {
  try {
    const raw = sessionStorage.getItem(PAYMENT_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<RegistrationPayment>
    return typeof value.token === 'string' && typeof value.packageId === 'number'
      ? { token: value.token, packageId: value.packageId, promoCode: typeof value.promoCode === 'string' ? value.promoCode : null }
      : null
  } catch {
    return null
  }
}

/** A sign-up on the Free plan has nothing to pay: no payment is kept, and the page says so. */
export function rememberFreePlanChosen(): void {
  try {
    sessionStorage.removeItem(PAYMENT_KEY)
    sessionStorage.setItem(FREE_KEY, '1')
  } catch {
    // Without storage the page says only to check the email.
  }
}

export function registeredFreePlan(): boolean {
  try {
    return sessionStorage.getItem(FREE_KEY) === '1'
  } catch {
    return false
  }
}
