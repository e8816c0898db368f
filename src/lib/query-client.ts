import { onlineManager, QueryClient, replaceEqualDeep } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { savedCopyTime } from './saved-copies'

/** How long the persisted cache (local storage) is trusted; queries are kept at least as long. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60_000
/** Bump by hand whenever a persisted query's data changes shape: older caches are then thrown away. */
export const PERSIST_BUSTER = 'owe-cache-2'
export const PERSIST_KEY = 'owe-query-cache'

/**
 * A 4xx will not change by asking again; network failures and 5xx get two more tries, except offline,
 * where a retry would only pause (and leave a spinner) until the connection returns.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  if (error instanceof ApiError && error.offline && !onlineManager.isOnline()) return false
  return failures < 2
}

/** Cache policy for server state, in one place. */
export function createQueryClient(): QueryClient {
  // Start from what the browser knows, not from "online" (TanStack's default), so a page opened offline
  // says so at once.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: PERSIST_MAX_AGE,
        refetchOnWindowFocus: false,
        // The worker answers reads offline from the device's copy: always ask (TanStack would pause).
        networkMode: 'offlineFirst',
        retry: shouldRetry,
        // Equal data is kept as the same object, except when one copy came from the device and the other
        // did not: the "saved copy" notice follows where the data on screen came from.
        structuralSharing: (previous, next) => (savedCopyTime(previous) === savedCopyTime(next) ? replaceEqualDeep(previous, next) : next),
      },
      mutations: {
        // Changes need the server: offline they fail at once with a clear message instead of waiting
        // silently (a paused mutation would look saved).
        networkMode: 'always',
      },
    },
  })
}
