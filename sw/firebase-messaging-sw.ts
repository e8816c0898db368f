/// <reference lib="webworker" />
/// <reference types="vite/client" />
import { clientsClaim } from 'workbox-core'
import type { PrecacheEntry } from 'workbox-precaching'
import { firebaseConfig } from '../src/core/notifications/firebase-config'
import { offlineDb } from '../src/offline/schema'
import { createAnalyticsSync, isAnalyticsCommand } from './analytics'
import { createLearningSync, isSyncLearningCommand } from './learning-sync'
import { setupPrecache } from './precache'
import { cookieTokenFrom, createOutboxSync, isDrainCommand, isSignedOutNotice, type SyncEventLike } from './outbox-sync'
import { setupKeeping } from './packs'
import { setupPush } from './push'
import { registerChartChunkRoute, registerDataRoutes, registerNavigationRoute, registerScrollImageRoute } from './routes'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// Wiring only; each concern lives in its own module (see sw/README.md).
setupPrecache(self.__WB_MANIFEST)
registerNavigationRoute()
registerScrollImageRoute()
registerChartChunkRoute()
registerDataRoutes()

// The first install takes control at once so the first visit is already offline-capable; later
// versions wait until the user accepts the "new version — reload" prompt.
clientsClaim()

// Quiz answers: sent on Background Sync, when a page asks, and once at every start.
const outbox = createOutboxSync({
  db: offlineDb,
  fetch: (input, init) => fetch(input, init),
  now: Date.now,
  cookieToken: cookieTokenFrom(self as { cookieStore?: CookieStore }),
})
self.addEventListener('sync', (event) => outbox.onSync(event as unknown as SyncEventLike))
outbox.drain().catch((error: unknown) => console.warn('Sending quiz answers failed', error))

// Analytics events the pages hand over: kept on the device, sent when online, on Background Sync and at every start.
const analytics = createAnalyticsSync({
  db: offlineDb,
  fetch: (input, init) => fetch(input, init),
  online: () => self.navigator.onLine,
  registerSync: (tag) => (self.registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(tag),
})
self.addEventListener('sync', (event) => analytics.onSync(event as unknown as SyncEventLike))
analytics.drain().catch((error: unknown) => console.warn('Sending analytics failed', error))

// The reader's learning log: sent, and what their other devices sent pulled, on Background Sync, when a page
// asks and once at every start; the deck's proverbs are then kept for offline review.
const learning = createLearningSync({
  db: offlineDb,
  fetch: (input, init) => fetch(input, init),
  now: Date.now,
  cookieToken: cookieTokenFrom(self as { cookieStore?: CookieStore }),
  registerSync: (tag) => (self.registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(tag),
})
self.addEventListener('sync', (event) => learning.onSync(event as unknown as SyncEventLike))
learning.drain().catch((error: unknown) => console.warn('Syncing the learning log failed', error))

// Push (Firebase Cloud Messaging) when the build has its config: system notifications while no app
// window is visible, clicks that open the message's url, reminders' proverbs kept for offline reading.
setupPush(self, firebaseConfig(import.meta.env), { db: offlineDb, fetch: (input) => fetch(input), now: Date.now, caches })

// The reader's plan's peoples and home's lists, kept on the device without being asked for; packs refreshed in the background.
const keeping = setupKeeping(self as unknown as Parameters<typeof setupKeeping>[0], {
  db: offlineDb,
  fetch: (input, init) => fetch(input, init),
  caches,
  now: Date.now,
  cookieToken: cookieTokenFrom(self as { cookieStore?: CookieStore }),
})
self.addEventListener('message', (event) => {
  const data: unknown = event.data
  if ((data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (isSignedOutNotice(data)) {
    outbox.onSignedOut()
    learning.onSignedOut()
  }
  if (isSyncLearningCommand(data))
    learning.onCommand(
      data,
      (work) => event.waitUntil(work),
      (notice) => event.source?.postMessage(notice),
    )
  if (isAnalyticsCommand(data)) analytics.onCommand(data, (work) => event.waitUntil(work))
  if (isDrainCommand(data))
    outbox.onCommand(
      data,
      (work) => event.waitUntil(work),
      (notice) => event.source?.postMessage(notice),
    )
  keeping.onMessage(event)
})
