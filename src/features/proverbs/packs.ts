import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API } from '@/core/http/api-paths'
import type { EthnicGroup, PackSize } from '@/core/proverbs/contract'
import { apiGet } from '@/lib/api-client'
import {
  askPersistentStorage,
  onPacksChanged,
  readDevicePacks,
  readStorageState,
  removeDevicePack,
  startPackDownload,
} from '@/lib/device-keeping'
import { privateKey } from '@/lib/query-keys'

/** Offline packs and the device's storage, read from IndexedDB and the Storage API (no server). */
export const packKeys = {
  packs: (userId: number) => privateKey(userId, 'offline-packs'),
  storage: ['device', 'storage'] as const,
  sizes: (userId: number) => privateKey(userId, 'pack-sizes'),
}

/** How much each of the reader's peoples takes on the device, measured by the server from the pack itself. */
export const packSizesQuery = (userId: number) =>
  queryOptions({
    queryKey: packKeys.sizes(userId),
    queryFn: ({ signal }) => apiGet<PackSize[]>(API.packSizes, { signal, auth: true }),
    meta: { persist: true },
    staleTime: 60 * 60_000,
  })

export const packsQuery = (userId: number) =>
  queryOptions({ queryKey: packKeys.packs(userId), queryFn: () => readDevicePacks(userId), networkMode: 'always', staleTime: Infinity })

export const storageQuery = () =>
  queryOptions({ queryKey: packKeys.storage, queryFn: readStorageState, networkMode: 'always', staleTime: 0 })

/** The user's packs, kept current as downloads progress (in this tab, another tab or the worker). */
export function usePacks(userId: number) {
  const client = useQueryClient()
  useEffect(
    () =>
      onPacksChanged(userId, () => {
        void client.invalidateQueries({ queryKey: packKeys.packs(userId) })
        void client.invalidateQueries({ queryKey: packKeys.storage })
      }),
    [userId, client],
  )
  return useQuery(packsQuery(userId))
}

export function useStorageState() {
  return useQuery(storageQuery())
}

/** Starts (or restarts) a pack, asking the browser once to keep the device's data. */
export async function makeAvailableOffline(userId: number, token: string, group: EthnicGroup): Promise<void> {
  await askPersistentStorage().catch(() => false)
  await startPackDownload(userId, token, group)
}

export { askPersistentStorage, removeDevicePack }
