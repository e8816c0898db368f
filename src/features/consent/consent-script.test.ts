// @vitest-environment jsdom
/** index.html's cookie check (src/core/shared/consent-script.ts), run in a browser's document. */
import { afterEach, expect, test } from 'vitest'
import { CONSENT_ASK_CLASS, CONSENT_DECLINED_KEY, CONSENT_SCRIPT } from '@/core/shared/consent-script'
import { consentBannerWanted } from './consent'

const run = () => new Function(CONSENT_SCRIPT)()
// index.html's first script and the banner itself decide alike.
const asks = () => {
  const marked = document.documentElement.classList.contains(CONSENT_ASK_CLASS)
  expect(marked).toBe(consentBannerWanted())
  return marked
}

afterEach(() => {
  document.documentElement.classList.remove(CONSENT_ASK_CLASS)
  document.cookie = 'cookieConsent=; Max-Age=0; Path=/'
  sessionStorage.clear()
})

test('a first visit is asked', () => {
  run()
  expect(asks()).toBe(true)
})

test('a reader who allowed cookies is not asked again', () => {
  document.cookie = 'other=1; Path=/'
  document.cookie = 'cookieConsent=true; Path=/'
  run()
  expect(asks()).toBe(false)
})

test('a reader who declined is not asked again this session', () => {
  sessionStorage.setItem(CONSENT_DECLINED_KEY, 'true')
  run()
  expect(asks()).toBe(false)
})

test('a cookie whose name only ends the same does not count as consent', () => {
  document.cookie = 'xcookieConsent=true; Path=/'
  run()
  expect(asks()).toBe(true)
  document.cookie = 'xcookieConsent=; Max-Age=0; Path=/'
})
