/** Business constants (docs/requirements.md, area by area), kept in one place. */

export const COOKIE_CONSENT_COOKIE = 'cookieConsent'
export const COOKIE_CONSENT_DAYS = 30

export const NOTIFICATION_POLL_MS = 5000
export const NOTIFICATION_PAGE_DEFAULT = 1
export const NOTIFICATION_SIZE_DEFAULT = 7

export const ADS_REQUEST_DELAY_MS = 10
/** Ours: at most one advert every 5 minutes per user (remembered on the device). */
export const ADS_MIN_INTERVAL_MS = 5 * 60_000

export const QUIZ_FIRST_QUESTION_INDEX = 1
export const REGISTRATION_FIRST_STEP = 1

export const SHORTEN_ABOVE = 35
export const SHORTEN_KEEP = 28

/**
 * The `<meta>` by which the server names a rendered page's own code, for the page's start script to preload
 * after the first paint (scripts/start-after-paint.mjs, docs/decisions/004-first-paint.md).
 */
export const PAGE_MODULE_META = 'owe-page-module'

export const PAGE_SIZE_DEFAULT = 20
/** The longest search the app asks for (the words field's limit), and the longest `q` an analytics event carries. */
export const MAX_QUERY_LENGTH = 200
export const PAGE_SIZE_MAX = 100

export type CurrencyCode = 'USD' | 'NGN'
export const CURRENCIES: Record<CurrencyCode, { code: CurrencyCode; symbol: string; name: string }> = {
  USD: { code: 'USD', symbol: '$', name: 'dollar' },
  NGN: { code: 'NGN', symbol: '₦', name: 'naira' },
}
/** Naira per US dollar when no exchange rate is configured (docs/requirements.md#r5-plans-and-payments). */
export const NAIRA_PER_DOLLAR = 1000

/**
 * The eight languages, in their set order, with the slug of their scroll image
 * (docs/requirements.md#r1-proverbs-and-peoples).
 */
export const LANGUAGE_SLUGS = ['yoruba', 'igbo', 'hausa', 'akan', 'kiswahili', 'zulu', 'amharic', 'afan-oromo'] as const
export type LanguageSlug = (typeof LANGUAGE_SLUGS)[number]

export function isLanguageSlug(value: string): value is LanguageSlug {
  return (LANGUAGE_SLUGS as readonly string[]).includes(value)
}

/**
 * Path of a language's scroll background, or null for languages without one
 * (docs/requirements.md#r1-proverbs-and-peoples).
 */
export function scrollImagePath(slug: string): string | null {
  return isLanguageSlug(slug) ? `/img/${slug}-scroll.jpeg` : null
}

/** Whether a path is one of the scroll backgrounds' JPEGs (`scrollImagePath`), which have an AVIF and a wide band beside them. */
export function isScrollJpeg(image: string): boolean {
  return /^\/img\/[a-z-]+-scroll\.jpeg$/.test(image)
}

/** The AVIF beside a scroll background's JPEG, a quarter to a third of its bytes; null for other images. */
export function scrollImageAvif(image: string): string | null {
  return isScrollJpeg(image) ? image.replace(/\.jpeg$/, '.avif') : null
}

/** The files a scroll background is drawn from, the AVIF first: what keeps it for offline reading keeps both. */
export function scrollImageFiles(image: string): string[] {
  const avif = scrollImageAvif(image)
  return avif ? [avif, image] : [image]
}

/** BCP 47 tags for each language, so screen readers and fonts treat proverb text correctly. */
export const LANGUAGE_TAGS: Record<LanguageSlug, string> = {
  yoruba: 'yo',
  igbo: 'ig',
  hausa: 'ha',
  akan: 'ak',
  kiswahili: 'sw',
  zulu: 'zu',
  amharic: 'am',
  'afan-oromo': 'om',
}

export function languageTag(slug: string): string | undefined {
  return isLanguageSlug(slug) ? LANGUAGE_TAGS[slug] : undefined
}

/**
 * The routes a visitor (no stored session token) may open. Every other route asks to sign in
 * (docs/requirements.md#r3-accounts-and-sign-in).
 */
export const PUBLIC_ROUTES = [
  '/',
  '/auth/login',
  '/auth/signup',
  '/auth/activate',
  '/auth/forget_password',
  '/auth/reset_password',
  '/add_proverb',
  '/contact',
  '/pricing',
  '/about',
  '/terms',
  '/search_result',
  '/test',
  '/register_payment_success',
  '/privacy_policy',
  '/payment_success',
  '/404',
  '/unsubscribe',
  // Ours: a reader's correction to a proverb is as open as a suggestion (/add_proverb,
  // docs/requirements.md#r9-community).
  '/suggest_correction',
] as const

export function isPublicRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return (PUBLIC_ROUTES as readonly string[]).includes(path)
}

/**
 * Navigation state of the first page after a sign-in — the page it interrupted, or home: no advert covers it, it
 * offers to finish paying for a plan chosen at sign-up, and the heart the visitor tapped (`favourite`, a proverb id)
 * is added once they are signed in.
 */
export type ResumeAfterSignIn = { resumedAfterSignIn: true; favourite?: number }

export function resumeAfterSignIn(state: unknown): ResumeAfterSignIn | null {
  if (typeof state !== 'object' || state === null || (state as { resumedAfterSignIn?: unknown }).resumedAfterSignIn !== true) return null
  const favourite = (state as { favourite?: unknown }).favourite
  return { resumedAfterSignIn: true, ...(typeof favourite === 'number' && Number.isInteger(favourite) ? { favourite } : {}) }
}

/**
 * The element of a server-rendered page that carries its data (docs/decisions/017-server-rendered-pages.md); a copy the
 * worker kept on the device says when it kept it in KEPT_AT_ATTRIBUTE (docs/decisions/022-device-first.md).
 */
export const PAGE_DATA_ID = 'owe-page-data'
export const KEPT_AT_ATTRIBUTE = 'data-kept-at'
