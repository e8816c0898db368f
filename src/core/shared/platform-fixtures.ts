import type { PlatformFacts } from './platform'

// What browsers say of themselves, for tests of the platform rules and of what the page does with them.

export const APPLE = 'Apple Computer, Inc.'
export const IPHONE_SAFARI: PlatformFacts = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  vendor: APPLE,
  maxTouchPoints: 5,
  standalone: false,
}
export const IPAD_DESKTOP_SAFARI: PlatformFacts = {
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  vendor: APPLE,
  maxTouchPoints: 5,
  standalone: false,
}
export const MAC_SAFARI: PlatformFacts = { ...IPAD_DESKTOP_SAFARI, maxTouchPoints: 0 }
export const IPHONE_CHROME: PlatformFacts = {
  ...IPHONE_SAFARI,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/137.0.7151.79 Mobile/15E148 Safari/604.1',
}
export const IPHONE_EDGE: PlatformFacts = {
  ...IPHONE_SAFARI,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/137.3296.68 Mobile/15E148 Safari/605.1.15',
}
export const ANDROID_CHROME: PlatformFacts = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36',
  vendor: 'Google Inc.',
  maxTouchPoints: 5,
  standalone: false,
}
