import { useMutation } from '@tanstack/react-query'
import type { QueueRecord } from '@/offline/schema'
import { letGo, sendAgain } from './waiting'

// The offline page's "could not send" list, apart from mutations.ts (which the first page loads). The list reads
// itself again when the queues change, so nothing is invalidated here.

/** Sends a refused entry again. */
export const useSendAgain = () => useMutation({ mutationFn: (record: QueueRecord) => sendAgain(record), networkMode: 'always' })

/** Lets a refused entry go. */
export const useLetGo = () => useMutation({ mutationFn: (record: QueueRecord) => letGo(record), networkMode: 'always' })
