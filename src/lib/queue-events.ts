import { QUEUE_CHANNEL, type QueueChanged, type QueueName } from '@/offline/messages'

/**
 * Hearing the device's queues (src/offline/queue.ts) from a page: every change — a thing kept, sent or refused —
 * is announced on one BroadcastChannel by whichever runtime made it (and as a window event in the page that made
 * it, as a channel does not hear itself). Small, for the first page's script; reading the queues is ./queue-read.ts, the
 * sending side ./queues.ts.
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
