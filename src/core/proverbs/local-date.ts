/** The viewer's calendar day, so "today" turns over at their midnight, not the server's. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** How many trending proverbs home shows. */
export const HOME_TRENDING_LIMIT = 6
