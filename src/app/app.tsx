import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClientProvider, type Query } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client'
import { useEffect } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { createQueryClient, PERSIST_BUSTER, PERSIST_KEY, PERSIST_MAX_AGE } from '@/lib/query-client'
import { isPrivateKey } from '@/lib/query-keys'
import { renderedPage, replayEarlyTaps } from '@/lib/server-render'
import { getSession } from '@/lib/session'
import { AppRoutes } from './router'

export const queryClient = createQueryClient()

/**
 * Small UI state (packages, the profile with its active package, the user's languages, hearts) is kept
 * in local storage so the shell paints it at once and offline. The corpus is not: the worker keeps that
 * in IndexedDB. A query opts in with `meta: { persist: true }`.
 */
const persister = createSyncStoragePersister({ storage: typeof window === 'undefined' ? undefined : window.localStorage, key: PERSIST_KEY })

/** A private query (under `privateKeys.user(userId)`) belongs to the signed-in user, or to nobody on this device. */
const isSomeoneElses = (query: Query) => isPrivateKey(query.queryKey) && query.queryKey[1] !== getSession()?.user.id

const persistOptions = {
  persister,
  maxAge: PERSIST_MAX_AGE,
  buster: PERSIST_BUSTER,
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && query.meta?.persist === true && !isSomeoneElses(query),
  },
}

/**
 * Puts the device's saved queries back in the cache; main.tsx waits for it before the first render, so that
 * render already has them and nothing changes under React while it takes over a server-rendered page (a
 * change then would make it hydrate the whole page in one long task). A session that ended while the app was
 * closed (an expired cookie) leaves no private data behind. A copy that cannot be read is dropped.
 */
export async function restoreSavedQueries(): Promise<void> {
  await persistQueryClientRestore({ ...persistOptions, queryClient }).catch(() => {})
  queryClient.removeQueries({ predicate: isSomeoneElses })
}

/** From the first render on, every change to a saved query is written back to the device. */
function useSaveQueries() {
  useEffect(() => persistQueryClientSubscribe({ ...persistOptions, queryClient }), [])
}

export function App() {
  useSaveQueries()
  useEffect(() => {
    void replayEarlyTaps()
    // Only a page the worker kept has its data read again: that code loads apart from the first page's.
    if (renderedPage()?.keptAt) void import('@/lib/kept-page').then(({ refreshKeptPage }) => refreshKeptPage(queryClient))
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  )
}
