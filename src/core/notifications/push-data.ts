import type { PushData } from './contract'

// The storage keys live apart (./push-token-keys.ts), so that the first page, which only clears them at sign-out,
// does not load this parser.
export { FCM_TOKEN_KEY, FCM_TOKEN_USER_KEY } from './push-token-keys'

/**
 * Reading a push message's data, the same way in the page (foreground toast) and the worker (system
 * notification, reminder prefetch). A push is data from outside: only a path on our own origin is ever
 * opened, and anything else falls back to the home page.
 */

/** `url` as a path on `origin` ('/search_result?proverb=x'), or null when it points anywhere else. */
export function appPath(url: string, origin: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null
  try {
    const resolved = new URL(url, origin)
    if (resolved.origin !== new URL(origin).origin) return null
    return `${resolved.pathname}${resolved.search}${resolved.hash}`
  } catch {
    return null
  }
}

/** The push's data, or null when it has no title (not one of ours). A missing or foreign url opens '/'. */
export function pushDataOf(data: unknown, origin: string): PushData | null {
  if (!data || typeof data !== 'object') return null
  const { title, body, url, badge } = data as Record<string, unknown>
  if (typeof title !== 'string' || !title.trim()) return null
  const count = badgeOf(badge)
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: (typeof url === 'string' && appPath(url, origin)) || '/',
    ...(count === undefined ? {} : { badge: count }),
  }
}

/** A badge count as FCM's data (a string) or a declarative push (a number) carries it; undefined when it is none. */
export function badgeOf(value: unknown): number | undefined {
  const count = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined
}

/** The daily reminder's proverb: the slug in '/search_result?proverb=<slug>', or null for other paths. */
export function reminderProverbSlug(path: string): string | null {
  try {
    const url = new URL(path, 'http://owe.invalid')
    if (url.pathname !== '/search_result') return null
    return url.searchParams.get('proverb')?.trim() || null
  } catch {
    return null
  }
}

/** Sent by the worker to an app window it does not control (one it cannot navigate): the page routes itself. */
export type OpenUrlMessage = { type: 'OPEN_URL'; url: string }

export function isOpenUrlMessage(data: unknown): data is OpenUrlMessage {
  return (data as OpenUrlMessage | null)?.type === 'OPEN_URL' && typeof (data as OpenUrlMessage).url === 'string'
}
