import type { QueryClient } from '@tanstack/react-query'
import { DELIVERY_TEXTS, refusedNotice } from '@/core/shared/delivery'
import { notify } from '@/components/toasts'
import { privateKeys } from '@/lib/query-keys'
import { startQueues } from '@/lib/queues'

/**
 * The app's side of the device's queues (docs/decisions/020-one-delivery-engine.md), started after the first paint
 * (src/main.tsx loads this apart from the first page's script): what waits is sent, hearts and likes are read
 * again once sent or refused, what the server refuses of the reader's is told, and so is a heart or a like that
 * waits on the device for the connection.
 */
export function startSending(client: QueryClient): void {
  startQueues({
    onChanged: (queue, userId) => {
      if (queue === 'marks')
        for (const queryKey of [privateKeys.marks(userId), privateKeys.favourites(userId)]) void client.invalidateQueries({ queryKey })
    },
    onRefused: (queue, message) => {
      if (queue !== 'analytics') void notify(refusedNotice(queue, message), { type: 'error' })
    },
    // A heart or a like that could not reach the server now: said once, however many wait (the quiz and the forms
    // say it on their own screens).
    onWaiting: (queue) => {
      if (queue === 'marks') void notify(DELIVERY_TEXTS.saved, { toastId: 'marks-waiting' })
    },
  })
}
