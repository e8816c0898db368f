import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * Data the worker answered from this device (the X-Owe-Offline header) is remembered here by object
 * identity, with the time it was saved; the layout shows how old the oldest copy on screen is.
 */
const savedAt = new WeakMap<object, number>()

export function markSavedCopy(data: unknown, time: number): void {
  if (typeof data === 'object' && data !== null && Number.isFinite(time)) savedAt.set(data, time)
}

export function savedCopyTime(data: unknown): number | undefined {
  return typeof data === 'object' && data !== null ? savedAt.get(data) : undefined
}

/** The oldest save time among the data of the queries on screen now, or null when all of it is fresh. */
export function oldestSavedCopyOnScreen(client: QueryClient): number | null {
  let oldest: number | null = null
  for (const query of client.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0) continue
    const time = savedCopyTime(query.state.data)
    if (time !== undefined && (oldest === null || time < oldest)) oldest = time
  }
  return oldest
}

export function useOldestSavedCopy(): number | null {
  const client = useQueryClient()
  const subscribe = useCallback((listener: () => void) => client.getQueryCache().subscribe(listener), [client])
  return useSyncExternalStore(
    subscribe,
    () => oldestSavedCopyOnScreen(client),
    () => null,
  )
}

/** Reads again every query whose data on screen is a copy from the device (the server's answer has come since). */
export function refreshSavedCopies(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => savedCopyTime(query.state.data) !== undefined })
}
