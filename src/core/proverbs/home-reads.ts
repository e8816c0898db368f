import { API } from '../http/api-paths'

/** The viewer's calendar day, so "today" turns over at their midnight, not the server's. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** How many trending proverbs home shows. */
export const HOME_TRENDING_LIMIT = 6

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
