import type { Proverb } from '@/core/proverbs/contract'

const isProverb = (value: unknown): value is Proverb =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Proverb).id === 'number' &&
  typeof (value as Proverb).likes === 'number' &&
  typeof (value as Proverb).proverb === 'string'

/**
 * Cached proverb data (one proverb, a list, or a page of them) with one proverb's like count changed by
 * `count`; the same object when that proverb is not in it, so unrelated screens do not re-render.
 */
export function withLikes<T>(data: T, proverbId: number, count: (likes: number) => number): T {
  if (isProverb(data)) return (data.id === proverbId ? { ...data, likes: Math.max(0, count(data.likes)) } : data) as T
  if (Array.isArray(data)) {
    const next = data.map((item: unknown) => withLikes(item, proverbId, count))
    return (next.some((item, i) => item !== data[i]) ? next : data) as T
  }
  if (typeof data === 'object' && data !== null && Array.isArray((data as { data?: unknown }).data)) {
    const page = data as T & { data: unknown[] }
    const items = withLikes(page.data, proverbId, count)
    return items === page.data ? data : { ...page, data: items }
  }
  return data
}

/** Whether cached data holds the proverb (its count would change). */
export const holdsProverb = (data: unknown, proverbId: number) => withLikes(data, proverbId, (likes) => likes + 1) !== data
