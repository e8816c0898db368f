/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import type { PrecacheEntry } from 'workbox-precaching'
import { setupPrecache } from './precache'
import { registerNavigationRoute, registerScrollImageRoute } from './routes'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// Wiring only; each concern lives in its own module (see sw/README.md).
setupPrecache(self.__WB_MANIFEST)
registerNavigationRoute()
registerScrollImageRoute()

// The first install takes control at once so the first visit is already offline-capable; later
// versions wait until the user accepts the "new version — reload" prompt.
clientsClaim()
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
