import type { EthnicGroup, ProverbRef } from '../proverbs/contract'
import type { Plan } from '../payments/contract'

/**
 * Shapes of the account, sign-in and profile calls (docs/requirements.md#r3-accounts-and-sign-in,
 * docs/requirements.md#r4-profile).
 */

/** The signed-in user as kept in local storage (with its id, docs/requirements.md#r3-accounts-and-sign-in). */
/** `admin`: whether the user may open the admin console, as the server knew it when it answered. */
export type SessionUser = { id: number; email: string; firstName: string; lastName: string; admin: boolean }

export type LoginResult = { token: string; expiresAt: string; user: SessionUser }

/**
 * What sign-up answers (POST API.register). `paymentToken` lets the new, not yet activated account pay for
 * its plan at the end of sign-up (PaymentState.registrationToken); it lasts two hours and does nothing else.
 * It is null for the Free plan: there is nothing to pay.
 */
export type RegisterResult = { message: string; email: string; paymentToken: string | null }

/** The user-exists flag of the email and phone checks (docs/requirements.md#r3-accounts-and-sign-in). */
export type ExistsFlag = { exists: boolean }

export type PersonalInfo = {
  content: { firstName: string; lastName: string; email: string; phoneNumber: string | null }
}

export type Address = {
  country: string
  state: string
  city: string
  street: string
  house_number: string
  postal_code: string
}

export type FullProfile = {
  id: number
  email: string
  firstName: string
  lastName: string
  phoneNumber: string | null
  createdAt: string
  /** The plan chosen at sign-up. */
  package: Plan | null
  hasActivePackage: boolean
  address: Address | null
  hasPicture: boolean
  languages: EthnicGroup[]
}

/** The languages: every one, plus the user's selected ones (docs/requirements.md#r4-profile). */
export type UserLanguages = {
  languages: EthnicGroup[]
  selected: EthnicGroup[]
  unselected: EthnicGroup[]
  /** How many groups the user may choose: their plan's noOfEthnics. */
  maxSelectable: number
  /** Ids of the groups the user may read now (one without an active package). */
  readable: number[]
}

export type Language = { id: number; name: string; slug: string; ethnic: ProverbRef; readable: boolean }
