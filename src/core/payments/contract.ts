/** Shapes of plans, payments and packages (docs/requirements.md#r5-plans-and-payments). */

export type Plan = {
  id: number
  name: string
  /** Yearly price in US dollars. */
  amount: number
  noOfEthnics: number
  description: string
}

/** Prices are stored in dollars; `rates[code]` is how many of that currency one dollar shows as. */
export type ExchangeRates = { base: 'USD'; rates: Record<'USD' | 'NGN', number> }

export type PromoCodeCheck = { code: string; valid: boolean; percentOff: number }

// ——— Subscriptions, payments (docs/requirements.md#r5-plans-and-payments) and adverts
// (docs/requirements.md#r8-adverts) ———

/** A way to pay the server offers (GET API.paymentOptions). */
export type PaymentOptionInfo = {
  id: 'paystack' | 'stripe' | 'test'
  label: string
  /** Currencies it may charge in; only Paystack has naira (docs/requirements.md#r5-plans-and-payments). */
  currencies: ('USD' | 'NGN')[]
  /** The built-in checkout on our own server; no money moves. */
  testMode: boolean
}

/** The server's price for a plan in a currency with a promo code: what is shown is what is charged. */
export type PaymentQuote = {
  packageId: number
  planName: string
  currency: 'USD' | 'NGN'
  /** The plan's price in that currency, before any discount (major units: dollars, naira). */
  listAmount: number
  discount: number
  /** What will be charged. */
  amount: number
  percentOff: number
  /** The promo code applied, upper-cased; null when none was given. */
  coupon: string | null
}

/**
 * The payment state (docs/requirements.md#r5-plans-and-payments), as the app sends it to start a payment (POST
 * API.paymentInitialize). `amount` is the amount the user saw; the server recomputes it from its plan table and refuses
 * a mismatch. `registrationToken` stands in for a session at the end of sign-up (before activation).
 */
export type PaymentState = {
  paymentOption: 'paystack' | 'stripe' | 'test'
  currency: 'USD' | 'NGN'
  amount: number
  autoRenew: boolean
  coupon: string | null
  reference: string
  metadata: { payment_type: string; packageId: number; registration: boolean }
  registrationToken?: string
}

/** Where to send the user to pay. */
export type PaymentStart = { reference: string; redirectUrl: string; amount: number; currency: 'USD' | 'NGN' }

export type PaymentStatus = 'pending' | 'success' | 'failed' | 'abandoned'

/** A group of the package: chosen, and open or locked by the plan's limit. */
export type PackageGroup = { id: number; name: string; slug: string; locked: boolean }

/** The active package (docs/requirements.md#r5-plans-and-payments; also the last one, active or not). */
export type ActivePackage = {
  id: number
  plan: Plan
  startsAt: string
  expiresAt: string
  autoRenew: boolean
  /** Whether the package holds a saved card auto-renewal can charge. */
  canAutoRenew: boolean
  /** Whether it is in force now (always true from activeUserPackage). */
  active: boolean
  paymentOption: 'paystack' | 'stripe' | 'test' | null
  /** The groups the user chose, in order; those beyond the plan's limit are locked. */
  groups: PackageGroup[]
}

/** What became of a payment (POST API.paymentVerify). */
export type PaymentOutcome = {
  reference: string
  status: PaymentStatus
  /** A sentence for the user: what happened and what (not) changed. */
  message: string
  planName: string
  amount: number
  currency: 'USD' | 'NGN'
  registration: boolean
  /** The package it made or extended, once it succeeded (null for a sign-up payment verified without a session). */
  package: ActivePackage | null
}

/**
 * What a checkout's return may show a tab with no session (GET PAYMENT_API.paymentReceipt): only what the reference's holder
 * may learn safely — no amount, no name, no package (docs/decisions/009-payments-and-renewals.md).
 */
export type PaymentReceipt = { reference: string; status: PaymentStatus; planName: string }

/** A payment in the user's history. */
export type PaymentRecord = {
  reference: string
  planName: string
  amount: number
  currency: 'USD' | 'NGN'
  status: PaymentStatus
  purpose: 'subscribe' | 'renewal'
  paymentOption: 'paystack' | 'stripe' | 'test'
  createdAt: string
  /** Why it did not complete, when the reader should know (a checkout left unfinished). */
  note: string | null
}

/** The user's own promo code to give to friends. */
export type ReferralCode = { code: string; percentOff: number; uses: number; maxUses: number | null; expiresAt: string | null }
