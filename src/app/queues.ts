import type { QueryClient } from '@tanstack/react-query'
import { refusedNotice } from '@/core/shared/delivery'
import { notify } from '@/components/toasts'
import { privateKeys } from '@/lib/query-keys'
import { startQueues } from '@/lib/queues'

/**
 * The app's side of the device's queues (docs/decisions/020-one-delivery-engine.md), started after the first paint
 * (src/main.tsx loads this apart from the first page's script): what waits is sent, hearts and likes are read
 * again once sent or refused, and what the server refuses of the reader's is told.
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
  })
}
