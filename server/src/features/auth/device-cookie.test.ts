import { expect, test } from 'vitest'
import { carriesDeviceCookie, deviceCookieHeader, deviceCookieName, issueDeviceCookie, knownDevice, requestCookies } from './device-cookie'

const SECRET = 's'.repeat(32)
const owner = { email: 'reader@example.com', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt$hash' }
const at = new Date('2026-11-21T12:00:00Z')
const DAY = 86_400_000

test('a cookie is known for its account, under its secret and password, for a year after it was issued', () => {
  const { name, value } = issueDeviceCookie(SECRET, owner, at)
  expect(name).toBe(deviceCookieName(SECRET, owner.email))
  const nonce = knownDevice(SECRET, owner, value, at)
  expect(nonce).toMatch(/^[\w-]{22}$/)
  expect(knownDevice(SECRET, owner, value, new Date(at.getTime() + 365 * DAY))).toBe(nonce)
  expect(knownDevice(SECRET, owner, value, new Date(at.getTime() + 366 * DAY))).toBeNull()
  // Issued well after "now": not made by a server with a sane clock.
  expect(knownDevice(SECRET, owner, value, new Date(at.getTime() - 10 * 60_000))).toBeNull()
  expect(knownDevice('t'.repeat(32), owner, value, at)).toBeNull()
  expect(knownDevice(SECRET, { ...owner, email: 'other@example.com' }, value, at)).toBeNull()
  expect(knownDevice(SECRET, { ...owner, passwordHash: `${owner.passwordHash}2` }, value, at)).toBeNull()
  expect(knownDevice(SECRET, owner, undefined, at)).toBeNull()
  expect(knownDevice(SECRET, owner, `${value}.x`, at)).toBeNull()
})

test('each account has its own cookie name, which does not show the address', () => {
  const name = deviceCookieName(SECRET, owner.email)
  expect(name).toMatch(/^owe_device_[\w-]{16}$/)
  expect(name).not.toContain('reader')
  expect(deviceCookieName(SECRET, 'other@example.com')).not.toBe(name)
  expect(issueDeviceCookie(SECRET, owner, at).value).not.toBe(issueDeviceCookie(SECRET, owner, at).value)
})

test('the Cookie header is read by name; only our own names count as device cookies', () => {
  const cookies = requestCookies(' theme=dark; owe_device_abc=1.2.3 ;broken; =x')
  expect([...cookies]).toEqual([
    ['theme', 'dark'],
    ['owe_device_abc', '1.2.3'],
  ])
  expect(carriesDeviceCookie(cookies)).toBe(true)
  expect(carriesDeviceCookie(requestCookies('theme=dark'))).toBe(false)
  expect(carriesDeviceCookie(requestCookies(undefined))).toBe(false)
})

test('the cookie is Secure only over https', () => {
  const cookie = { name: 'owe_device_x', value: 'v' }
  expect(deviceCookieHeader(cookie, false)).toBe('owe_device_x=v; Path=/accounts/login; Max-Age=31536000; HttpOnly; SameSite=Strict')
  expect(deviceCookieHeader(cookie, true)).toBe('owe_device_x=v; Path=/accounts/login; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure')
})
