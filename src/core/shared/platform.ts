/**
 * What the platforms give an installed web app, told apart from what the browser says of itself
 * (docs/decisions/023-every-phone.md). Pure: the page reads the facts (src/lib/platform.ts), tests pass them.
 */

export type PlatformFacts = {
  userAgent: string
  /** navigator.vendor: 'Apple Computer, Inc.' in every WebKit browser. */
  vendor: string
  /** iPadOS's Safari says it is a Mac; only its touch screen tells it apart. */
  maxTouchPoints: number
  /** Opened from the Home Screen: display-mode standalone, or Safari's own navigator.standalone. */
  standalone: boolean
}

/** iPhone, iPod or iPad — an iPad asking for desktop pages says "Macintosh" but has a touch screen. */
export function isAppleMobile({ userAgent, maxTouchPoints }: PlatformFacts): boolean {
  return /\b(iPhone|iPod|iPad)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
}

/** Other browsers on iOS carry Safari's tokens too; these name themselves. */
const OTHER_IOS_BROWSERS = /\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser|DuckDuckGo|Focus)\//

/** Safari itself on an iPhone or iPad (Version/… Safari/…), not another browser or an app's web view. */
export function isIosSafari(facts: PlatformFacts): boolean {
  const { userAgent } = facts
  return isAppleMobile(facts) && /\bVersion\/[\d.]+.*\bSafari\//.test(userAgent) && !OTHER_IOS_BROWSERS.test(userAgent)
}

/**
 * The Home Screen guide (Share → Add to Home Screen): Safari has no install prompt, and its web push works only for a
 * Home Screen app. Shown on iOS Safari only, once, never in the installed app.
 */
export function shouldShowInstallGuide(facts: PlatformFacts, seen: boolean): boolean {
  return isIosSafari(facts) && !facts.standalone && !seen
}

/** WebKit's push goes through Apple's push service, which FCM's tokens do not reach: the page subscribes itself. */
export function usesApplePush(facts: PlatformFacts): boolean {
  return facts.vendor.startsWith('Apple')
}

/** Where the guide's "seen" is kept on the device. */
export const INSTALL_GUIDE_SEEN_KEY = 'owe:install-guide-seen'
