/// <reference lib="webworker" />
/// <reference types="vite/client" />
import { clientsClaim } from 'workbox-core'
import { firebaseConfig } from '../src/core/notifications/firebase-config'
import { offlineDb } from '../src/offline/schema'
import { replayDeck } from '../src/core/learning/schedule'
import { queuePolicies } from '../src/offline/queues'
import { createAppCache } from './app-cache'
import type { AssetEntry } from './install-set'
import { createPageStore, keepPage } from './navigation'
import { createNetworkHealth } from './network-health'
import { setupKeeping } from './packs'
import { cookieTokenFrom, createQueueWorker, type SyncEventLike } from './queues'
import { setupPush } from './push'
import {
  registerAppFilesRoute,
  registerChartChunkRoute,
  registerDataRoutes,
  registerNavigationRoute,
  registerScrollImageRoute,
  registerShareTargetRoute,
} from './routes'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: AssetEntry[] }

// Wiring only; each concern lives in its own module (see sw/README.md).
const health = createNetworkHealth()
const app = createAppCache(self.__WB_MANIFEST, {
  caches,
  fetch: (request) => fetch(request),
  origin: self.location.origin,
  idle: () => health.idle(),
})

// Installing fetches what the first offline visit of any public page needs, in parallel, and home as the server renders
// it; the rest of the build's files are filled in once the connection is idle (docs/decisions/022-device-first.md).
const pages = createPageStore(caches, app.pagesName, Date.now, (html) => app.ownsPage(html))
self.addEventListener('install', (event) => event.waitUntil(Promise.all([app.install(), keepPage(pages, '/')])))
self.addEventListener('activate', (event) => event.waitUntil(app.activate().then(() => void app.fill())))

registerAppFilesRoute(app)
registerShareTargetRoute()
registerNavigationRoute(app, pages, health)
registerScrollImageRoute()
registerChartChunkRoute()
registerDataRoutes(health, (url) => void tellPages({ type: 'DATA_FRESH', url }))

/** Posts to every window of the app. */
async function tellPages(message: unknown): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message)
}

// The first install takes control at once so the first visit is already offline-capable; later
// versions wait until the user accepts the "new version — reload" prompt.
clientsClaim()

// The device's queues — quiz answers, the learning log, analytics, favourites and likes, forms sent offline: each
// sent on Background Sync, when a page asks, once at every start and on a timer while a round waits. The learning
// log's round pulls what the reader's other devices sent and keeps the deck's proverbs for offline review.
const queues = createQueueWorker({
  db: offlineDb,
  fetch: (input, init) => fetch(input, init),
  now: Date.now,
  policies: queuePolicies(async () => replayDeck),
  cookieToken: cookieTokenFrom(self as { cookieStore?: CookieStore }),
  online: () => self.navigator.onLine,
  registerSync: (tag) => (self.registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(tag),
})
self.addEventListener('sync', (event) => queues.onSync(event as unknown as SyncEventLike))
void queues.runAll()

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
  // A page that was still loading when the first install claimed the app's pages is passed over by the claim (it
  // is not yet "execution ready"): it asks to be taken over (src/lib/service-worker.ts).
  if ((data as { type?: string } | null)?.type === 'CLAIM') event.waitUntil(self.clients.claim())
  queues.onMessage(
    data,
    (work) => event.waitUntil(work),
    (notice) => event.source?.postMessage(notice),
  )
  keeping.onMessage(event)
  // A page that speaks to the worker keeps it alive while the build's remaining files are filled in.
  event.waitUntil(app.fill())
})
