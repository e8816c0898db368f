import { ANALYTICS_SYNC_TAG, createEventQueue, type EventQueueDeps, type SendSummary } from '../src/offline/analytics'
import type { AnalyticsCommand } from '../src/offline/messages'
import type { SyncEventLike } from './outbox-sync'

/**
 * The worker's side of page-view analytics (src/offline/analytics.ts): the events a page hands over are
 * kept on the device and sent when online — at once, on Background Sync (tag `owe-analytics`, registered
 * here when a page's events have to wait, while that page is open as the browser requires), when a page
 * says the connection is back, and at every start.
 */

export function isAnalyticsCommand(data: unknown): data is AnalyticsCommand {
  const command = data as Partial<AnalyticsCommand> | null
  return command?.type === 'ANALYTICS' && Array.isArray(command.events)
}

export type AnalyticsSync = {
  /** Sends what waits (`now`: the connection just came back, so a pause after a failure is cut short). */
  drain: (now?: boolean) => Promise<SendSummary>
  onCommand: (command: AnalyticsCommand, waitUntil: (work: Promise<unknown>) => void) => void
  onSync: (event: SyncEventLike) => void
}

export type AnalyticsSyncDeps = EventQueueDeps & {
  /** Asks the browser for a sync event once it is online (the registration's `sync`, where there is one). */
  registerSync: (tag: string) => Promise<void> | undefined
}

export function createAnalyticsSync(deps: AnalyticsSyncDeps): AnalyticsSync {
  const queue = createEventQueue(deps)
  const warn = (error: unknown) => console.warn('Sending analytics failed', error)
  return {
    drain: (now) => queue.send(now),
    onCommand(command, waitUntil) {
      waitUntil(
        queue
          .add(command.events, command.retryNow)
          .then((summary) => {
            // Offline, or the collector could not take them: the browser sends them when it is back online, page or no page.
            if (summary.waiting > 0) return deps.registerSync(ANALYTICS_SYNC_TAG)
          })
          .catch(warn),
      )
    },
    onSync(event) {
      if (event.tag !== ANALYTICS_SYNC_TAG) return
      // Still failing: the sync event fails too, and the browser tries it again later, page or no page.
      event.waitUntil(
        queue.send(true).then((summary) => {
          if (summary.failed) throw new Error(`Analytics events wait to be sent (${summary.waiting})`)
        }),
      )
    },
  }
}
