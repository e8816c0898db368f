import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { QUEUE_CHANNEL, type QueueChanged, type QueueName } from '@/offline/messages'

/**
 * Hearing the device's queues (src/offline/queue.ts) from a page: every change — a thing kept, sent or refused —
 * is announced on one BroadcastChannel by whichever runtime made it (and as a window event in the page that made
 * it, as a channel does not hear itself). Small, for the first page's script; the sending side is ./queues.ts.
 */

/** Calls back whenever one of these queues changes for this user (undefined: for anyone): in this page, another tab or the worker. */
export function onQueueChanged(
  queues: readonly QueueName[],
  userId: number | undefined,
  callback: (message: QueueChanged) => void,
): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(QUEUE_CHANNEL)
  const onMessage = (event: MessageEvent<QueueChanged> | CustomEvent<QueueChanged>) => {
    const message = 'detail' in event ? event.detail : event.data
    if (message?.type === 'queue-changed' && queues.includes(message.queue) && (userId === undefined || message.userId === userId))
      callback(message)
  }
  channel?.addEventListener('message', onMessage)
  window.addEventListener(QUEUE_CHANNEL, onMessage as EventListener)
  return () => {
    channel?.close()
    window.removeEventListener(QUEUE_CHANNEL, onMessage as EventListener)
  }
}

/**
 * A read of what the device's queues hold for a user: always allowed (offline too), read again whenever one of
 * these queues changes for that user. Undefined while loading, signed out, or where there is no IndexedDB.
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
    return onQueueChanged(queues, userId, () => void client.invalidateQueries({ queryKey }))
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
