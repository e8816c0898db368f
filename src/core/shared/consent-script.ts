import { COOKIE_CONSENT_COOKIE } from './constants'

/** Where "Decline" is remembered for the browser session (docs/requirements.md#r12-privacy-and-cookies). */
export const CONSENT_DECLINED_KEY = 'cookieConsentDeclined'

/** The class on `<html>` that shows the cookie banner before the app runs. */
export const CONSENT_ASK_CLASS = 'consent-ask'

/**
 * Runs in index.html's head before anything paints (the build puts it there): it marks `<html>` when the
 * cookie banner is to show (no consent cookie, not declined this session), so the banner the server rendered
 * into every page shows or stays hidden from the first paint, before the app's code has arrived
 * (docs/decisions/017-server-rendered-pages.md). The same rule as `consentBannerWanted`. The server's
 * Content-Security-Policy allows this one inline script by its hash.
 */
export const CONSENT_SCRIPT =
  `try{if(!/(?:^|;\\s*)${COOKIE_CONSENT_COOKIE}=/.test(document.cookie)&&sessionStorage.getItem('${CONSENT_DECLINED_KEY}')!=='true')` +
  `document.documentElement.classList.add('${CONSENT_ASK_CLASS}')}catch(e){document.documentElement.classList.add('${CONSENT_ASK_CLASS}')}`
