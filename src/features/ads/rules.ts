import { ADS_MIN_INTERVAL_MS } from '@/core/shared/constants'
import type { AdvertFile } from '@/core/adverts/contract'

/**
 * Adverts (docs/requirements.md#r8-adverts) for a user without an active package, or with one who turned the ad toggle
 * on. Undefined means "not known yet" (or the fetch failed): then no advert.
 */
export function wantsAdverts(hasActivePackage: boolean | undefined, toggle: boolean | undefined): boolean {
  if (hasActivePackage === undefined) return false
  return !hasActivePackage || toggle === true
}

/**
 * Pages an advert would get in the way of: a quiz being played (/quiz/:batchId, not the list nor the
 * result), signing in, choosing a plan and paying, the pages that confirm a payment, and /test (checking
 * that notifications arrive).
 */
export function isAdFreeRoute(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (/^\/quiz\/[^/]+$/.test(path)) return true
  if (path === '/test') return true
  if (path === '/auth' || path.startsWith('/auth/')) return true
  if (path === '/pricing' || path.startsWith('/pricing/')) return true
  return path === '/payment_success' || path === '/register_payment_success'
}

/** The adverts take turns in the list's order; after the last, the first again. */
export function nextAdvert(list: readonly AdvertFile[], lastShownId: number | undefined): AdvertFile | undefined {
  if (list.length === 0) return undefined
  const last = list.findIndex((advert) => advert.id === lastShownId)
  return list[(last + 1) % list.length]
}

/** The button under an advert, by where it leads (the contract carries the link, not its words). */
export function linkLabel(link: string): string {
  const path = link.split(/[?#]/)[0]
  if (path === '/pricing') return 'See the plans'
  if (path === '/quiz') return 'Play the quiz'
  if (link === '/profile#notifications') return 'Set a reminder'
  return 'Find out more'
}

/**
 * Where an advert's button leads: an advert for the plans takes a reader who chose a paid plan at sign-up and has not
 * paid for it straight to that plan's checkout; any other link as it is.
 */
export function advertLink(link: string, planToPay: { id: number; name: string } | null | undefined): { to: string; label: string } {
  if (planToPay && link.split(/[?#]/)[0] === '/pricing') return { to: `/pricing?plan=${planToPay.id}`, label: `Pay for ${planToPay.name}` }
  return { to: link, label: linkLabel(link) }
}

// ——— The last showing, per user, on this device ———

export const lastShownKey = (userId: number) => `owe-ads-last-shown:${userId}`

export type Showing = { at: number; advertId: number }

/** Where storage is blocked or full, the last showing is kept for this page's life instead. */
const unstored = new Map<number, Showing>()

function storedShowing(userId: number): Showing | null {
  try {
    const stored = JSON.parse(localStorage.getItem(lastShownKey(userId)) ?? 'null') as Partial<Showing> | null
    return stored && typeof stored.at === 'number' && typeof stored.advertId === 'number'
      ? { at: stored.at, advertId: stored.advertId }
      : null
  } catch {
    return null
  }
}

export function lastShowing(userId: number): Showing | null {
  const stored = storedShowing(userId)
  const kept = unstored.get(userId) ?? null
  return stored && kept ? (kept.at > stored.at ? kept : stored) : (stored ?? kept)
}

export function recordShowing(userId: number, advertId: number, at: number): void {
  try {
    localStorage.setItem(lastShownKey(userId), JSON.stringify({ at, advertId }))
  } catch {
    unstored.set(userId, { at, advertId })
  }
}

/** At most one advert per interval. A clock set back does not hold adverts off for longer. */
export function isDue(userId: number, now: number): boolean {
  const last = lastShowing(userId)
  return !last || now - last.at >= ADS_MIN_INTERVAL_MS || now < last.at
}
