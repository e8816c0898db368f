import { CONSENT_DECLINED_KEY as DECLINED_KEY } from '@/core/shared/consent-script'
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DAYS } from '@/core/shared/constants'
import { readCookie, writeCookie } from '@/lib/cookies'

/**
 * The banner (docs/requirements.md#r12-privacy-and-cookies) shows while no cookieConsent cookie exists and it was not
 * declined this session. index.html's first script applies the same rule before the app runs (`CONSENT_SCRIPT`).
 */
export function consentBannerWanted(): boolean {
  if (readCookie(COOKIE_CONSENT_COOKIE) !== undefined) return false
  try {
    return sessionStorage.getItem(DECLINED_KEY) !== 'true'
  } catch {
    return true
  }
}

/** Allow: cookieConsent=true for 30 days. */
export function allowCookies(): void {
  writeCookie(COOKIE_CONSENT_COOKIE, 'true', COOKIE_CONSENT_DAYS * 24 * 60 * 60)
}

/** Decline only hides the banner for this browser session; nothing is stored beyond it. */
export function declineCookies(): void {
  try {
    sessionStorage.setItem(DECLINED_KEY, 'true')
  } catch {
    // Storage may be disabled; the banner then simply hides until the page is reloaded.
  }
}
