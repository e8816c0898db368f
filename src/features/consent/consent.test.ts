// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest'
import { readCookie } from '@/lib/cookies'
import { allowCookies, consentBannerWanted, declineCookies } from './consent'

beforeEach(() => {
  document.cookie = 'cookieConsent=; Max-Age=0; Path=/'
  sessionStorage.clear()
})

test('the banner is wanted until a choice is made', () => {
  expect(consentBannerWanted()).toBe(true)
})

test('allow stores cookieConsent=true and the banner is no longer wanted', () => {
  allowCookies()
  expect(readCookie('cookieConsent')).toBe('true')
  expect(consentBannerWanted()).toBe(false)
})

test('decline hides the banner for the session without setting the cookie', () => {
  declineCookies()
  expect(consentBannerWanted()).toBe(false)
  expect(readCookie('cookieConsent')).toBeUndefined()
  sessionStorage.clear() // a new session
  expect(consentBannerWanted()).toBe(true)
})

test('readCookie finds a cookie among others and decodes it', () => {
  expect(readCookie('b', 'a=1; b=x%20y; c=3')).toBe('x y')
  expect(readCookie('d', 'a=1')).toBeUndefined()
})
