import { vi } from 'vitest'
import type { AnalyticsEvent } from '@/core/analytics/contract'
import type { QueueCommand } from '@/offline/messages'

// Test-only: a stand-in for the worker controlling the page (jsdom has none), keeping what the analytics
// client hands it, and the page hidden for a moment so the client hands over what it holds.

/** The page is hidden (switched away from, left): the client hands over what it holds. */
export function hidePage(): void {
  const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true)
  document.dispatchEvent(new Event('visibilitychange'))
  hidden.mockRestore()
}

/**
 * Installs the stand-in worker (over `container`, a page's stand-in ServiceWorkerContainer, if given):
 * `messages` are the analytics queue's messages the page posted to it, `events()` every event in them. What an
 * earlier test left held is handed over first, so it is not counted here.
 */
export async function workerStandIn(container: object = navigator.serviceWorker ?? {}): Promise<{
  messages: QueueCommand[]
  events: () => Promise<AnalyticsEvent[]>
  remove: () => void
}> {
  await import('./analytics')
  hidePage()
  const messages: QueueCommand[] = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => undefined,
      addEventListener: () => undefined,
      ...container,
      controller: {
        postMessage: (message: Partial<QueueCommand>) => {
          if (message.type === 'QUEUE_SEND' && message.queue === 'analytics') messages.push(message as QueueCommand)
        },
      },
    },
  })
  return {
    messages,
    /** Every event recorded so far: the client (loaded on first use) is given a moment, then the page is hidden. */
    async events() {
      await import('./analytics')
      await new Promise((resolve) => setTimeout(resolve, 0))
      hidePage()
      return messages.flatMap((message) => (message.add ?? []) as AnalyticsEvent[])
    },
    remove() {
      Reflect.deleteProperty(navigator, 'serviceWorker')
    },
  }
}
