import { QUEUE_CHANNEL, type QueueChanged, type QueueName } from '@/offline/messages'

/**
 * Hearing the device's queues (src/offline/queue.ts) from a page: every change — a thing kept, sent or refused —
 * is announced on one BroadcastChannel by whichever runtime made it, this page included. Small, for the first page's script; reading the queues is ./queue-read.ts, the
 * sending side ./queues.ts.
 */

/** Calls back whenever one of these queues changes for this user (undefined: for anyone): in this page, another tab or the worker. */
export function onQueueChanged(
  queues: readonly QueueName[],
  userId: number | undefined,
  callback: (message: QueueChanged) => void,
): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined
  const channel = new BroadcastChannel(QUEUE_CHANNEL)
  channel.onmessage = ({ data: message }: MessageEvent<QueueChanged>) => {
    if (message?.type === 'queue-changed' && queues.includes(message.queue) && (userId === undefined || message.userId === userId))
      callback(message)
  }
  return () => channel.close()
}
