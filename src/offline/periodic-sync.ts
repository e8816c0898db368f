import { API } from '../core/http/api-paths'
import { HOME_TRENDING_LIMIT, localDate } from '../core/proverbs/local-date'

// Apart from ./messages.ts, which the first page's script carries: only the worker and a page's lazy code need these.

/**
 * Periodic Background Sync's tag (Chromium, an installed app): the worker brings the kept packs up to date and the next
 * day's proverbs onto the device while the app is closed (sw/packs.ts). The page registers it when the browser has
 * granted the permission (src/features/proverbs/keeper.ts).
 */
export const PACKS_PERIODIC_TAG = 'owe-packs'
/** How often, at most, the browser is asked to wake the worker for it. */
export const PACKS_PERIODIC_MS = 12 * 60 * 60_000

/**
 * Home's reads for the reader's calendar day (and tomorrow's pick, so the next day — and its morning reminder — opens
 * right offline too), as the page's own fetchers ask them (src/features/proverbs/api.ts, src/entities/catalogue/api.ts).
 * The page asks the worker to keep them (src/features/proverbs/keeper.ts); the worker keeps them itself on Periodic
 * Background Sync (sw/packs.ts).
 */
export function homeReads(now: Date): string[] {
  const date = localDate(now)
  const tomorrow = localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))
  return [
    `${API.proverbsToday}?date=${date}`,
    `${API.trendingPublic}?date=${date}&limit=${HOME_TRENDING_LIMIT}`,
    `${API.ethnicGroupsPublic}?q=all`,
    API.categoriesPublic,
    `${API.proverbsToday}?date=${tomorrow}`,
  ]
}
