import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { API } from '@core/http/api-paths'

/**
 * Device cookies (docs/decisions/026-known-browsers.md): a browser that signed in to an account carries a
 * cookie signed for that account, so its sign-ins are counted on their own instead of with strangers'.
 */

const PREFIX = 'owe_device_'
/** A known browser stays known this long after its last sign-in (each sign-in issues a fresh cookie). */
export const DEVICE_COOKIE_DAYS = 365
const LIFETIME_MS = DEVICE_COOKIE_DAYS * 86_400_000
/** Clocks of several instances may differ a little; a cookie from much further ahead was not made here. */
const SKEW_MS = 5 * 60_000

/** The account a cookie speaks for: its sign-in name and its password hash (a new password forgets every browser). */
export type DeviceOwner = { email: string; passwordHash: string }

/** A device cookie to set: its name and value. */
export type DeviceCookie = { name: string; value: string }

const mac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('base64url')

/** One cookie per account, named by a digest: several readers of one browser each keep theirs, and the name tells nobody whose it is. */
export function deviceCookieName(secret: string, email: string): string {
  return PREFIX + mac(secret, `device-cookie-name\n${email}`).slice(0, 16)
}

function signature(secret: string, owner: DeviceOwner, issuedAt: string, nonce: string): string {
  return mac(secret, `device-cookie\n${owner.email}\n${owner.passwordHash}\n${issuedAt}\n${nonce}`)
}

/** A fresh cookie for `owner`: `issued.nonce.signature`, the issue time in seconds (base 36), the nonce 128 random bits. */
export function issueDeviceCookie(secret: string, owner: DeviceOwner, now: Date): DeviceCookie {
  const issuedAt = Math.floor(now.getTime() / 1000).toString(36)
  const nonce = randomBytes(16).toString('base64url')
  return { name: deviceCookieName(secret, owner.email), value: `${issuedAt}.${nonce}.${signature(secret, owner, issuedAt, nonce)}` }
}

/**
 * The nonce of the account's device cookie when `value` is one this server signed for it, not expired
 * and made since its password was last set; else null (a forged, tampered, foreign or stale cookie is none).
 */
export function knownDevice(secret: string, owner: DeviceOwner, value: string | undefined, now: Date): string | null {
  const parts = value?.split('.')
  if (!parts || parts.length !== 3) return null
  const [issuedAt, nonce, given] = parts
  if (!/^[0-9a-z]{1,10}$/.test(issuedAt) || !/^[\w-]{22}$/.test(nonce)) return null
  const age = now.getTime() - parseInt(issuedAt, 36) * 1000
  if (age > LIFETIME_MS || age < -SKEW_MS) return null
  const expected = Buffer.from(signature(secret, owner, issuedAt, nonce))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null
}

/** The request's cookies by name (RFC 6265 `name=value; …`); ours are plain base64url and dots, never quoted. */
export function requestCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    const name = part.slice(0, Math.max(at, 0)).trim()
    if (name) cookies.set(name, part.slice(at + 1).trim())
  }
  return cookies
}

/** Whether the request carries any device cookie at all (which account's is known only once the body is read). */
export function carriesDeviceCookie(cookies: Map<string, string>): boolean {
  for (const name of cookies.keys()) if (name.startsWith(PREFIX)) return true
  return false
}

/**
 * The Set-Cookie header: sent back only to the sign-in route, never readable by scripts, never sent by
 * another site's page, and only over https when the site is served over https.
 */
export function deviceCookieHeader(cookie: DeviceCookie, secure: boolean): string {
  const attributes = [`Path=${API.login}`, `Max-Age=${LIFETIME_MS / 1000}`, 'HttpOnly', 'SameSite=Strict']
  if (secure) attributes.push('Secure')
  return `${cookie.name}=${cookie.value}; ${attributes.join('; ')}`
}
