import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { QueueName } from '@/offline/messages'
import { onQueueChanged } from './queue-events'

/**
 * A read of what the device's queues hold for a user: always allowed (offline too), read again whenever one of
 * these queues changes for that user, and once more each time it starts hearing them (a change made while no page
 * listened — between two screens, or before the first read ended — is not missed). Undefined while loading, signed
 * out, or where there is no IndexedDB.
 */
export function useQueueRead<T>(
  queues: readonly QueueName[],
  userId: number | undefined,
  queryKey: readonly unknown[],
  read: (userId: number) => Promise<T>,
) {
  const client = useQueryClient()
  const key = JSON.stringify(queryKey)
  useEffect(() => {
    if (userId === undefined) return
    const readAgain = () => void client.invalidateQueries({ queryKey })
    const stop = onQueueChanged(queues, userId, readAgain)
    // A change announced after the first read began and before this hearing would go unheard: read again now.
    readAgain()
    return stop
    // `key` stands for queryKey, and the queues are fixed at each call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, userId, key])
  return useQuery({
    queryKey,
    queryFn: () => read(userId!),
    enabled: userId !== undefined && typeof indexedDB !== 'undefined',
    staleTime: Infinity,
    networkMode: 'always',
  })
}
