import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { notify } from '@/components/toasts'
import type { Session } from '@/lib/session'
import { acceptPeople, declinePeople } from './keep-choice'
import { askPersistentStorage, makeAvailableOffline, packKeys, removeDevicePack } from './packs'

// The offline page's mutations, apart from mutations.ts: the hearts and likes there load with the first
// page, and these would go with them into its script.

/** After a pack changes, the device's packs and its storage are read again. */
function useRefreshPacks(userId: number) {
  const client = useQueryClient()
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: packKeys.packs(userId) }), client.invalidateQueries({ queryKey: packKeys.storage })])
}

/**
 * Keeps a people's proverbs on this device (a first download, a retry or an update), and by default from now on if the
 * reader had removed it; a failure is told in a toast.
 */
export function useDownloadPack(session: Session, group: EthnicGroup) {
  const userId = session.user.id
  const refresh = useRefreshPacks(userId)
  return useMutation({
    mutationFn: () => {
      acceptPeople(userId, group.id)
      return makeAvailableOffline(userId, session.token, group)
    },
    onSettled: refresh,
    onError: () => void notify(`${group.name} could not be downloaded. Please try again.`, { type: 'error' }),
  })
}

/**
 * Removes a people's pack from this device (or cancels its download), and it is not kept by default again until the
 * reader keeps it; the outcome is told in a toast.
 */
export function useRemovePack(userId: number, group: EthnicGroup) {
  const refresh = useRefreshPacks(userId)
  return useMutation({
    mutationFn: () => {
      declinePeople(userId, group.id)
      return removeDevicePack(userId, group.id)
    },
    onSettled: refresh,
    onSuccess: () => void notify(`${group.name} is no longer kept on this device.`),
    onError: () => void notify(`${group.name} could not be removed. Please try again.`, { type: 'error' }),
  })
}

/** Asks the browser to keep the device's data for good; what it answered is told in a toast. */
export function usePersistStorage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: askPersistentStorage,
    onSettled: () => client.invalidateQueries({ queryKey: packKeys.storage }),
    onSuccess: (granted) =>
      void notify(
        granted
          ? 'Your offline proverbs will be kept until you remove them.'
          : 'The browser did not agree to keep them for good; it may clear them when space runs low.',
      ),
  })
}
