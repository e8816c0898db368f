import './app/fonts.css'
import './app/styles.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, queryClient, restoreSavedQueries } from './app/app'
import { preloadPage } from './app/router'
import { proverbKeys } from './features/proverbs/queries'
import { env } from './lib/env'
import { captureInstallPrompt } from './lib/install'
import { refreshSavedCopies } from './lib/saved-copies'
import { renderedPage, takePageData } from './lib/server-render'
import { getSession } from './lib/session'

captureInstallPrompt()

const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// A page the server rendered (docs/decisions/017-server-rendered-pages.md) is taken over where it stands,
// its data already in the cache; the bare shell (offline, a reader's own pages) is replaced. Either way the
// device's saved queries are back first, so nothing changes under React while it takes the page over.
const page = renderedPage()
if (page) {
  // With the page's code here first, hydration finishes in one pass and keeps every node the server sent.
  void Promise.all([restoreSavedQueries(), preloadPage(location.pathname).catch(() => {})]).then(() => {
    takePageData(queryClient, page)
    // A signed-in reader's own sections come in after hydration: what follows them waits unseen (src/app/layout.tsx).
    if (getSession()) document.documentElement.classList.add('session-pending')
    hydrateRoot(root, app)
  })
} else {
  void restoreSavedQueries().then(() => createRoot(root).render(app))
}

// What waits on this device to reach the server is sent after the first paint and whenever the browser is back online
// (src/app/queues.ts, loaded then, apart from the first page's script).
void import('./app/queues').then(({ startSending }) => startSending(queryClient))

// The worker's registration (and its update prompt) loads apart from the first page's script: it waits for the page's load anyway.
if (env.production)
  void import('./lib/service-worker').then(({ registerServiceWorker }) =>
    registerServiceWorker({
      // The corpus on screen, fetched again through the worker that just took over, so it is kept.
      onFirstControl: () => {
        void queryClient.refetchQueries({ type: 'active', queryKey: proverbKeys.all })
        void import('./lib/queues').then(({ requestSend }) => requestSend())
      },
      onFreshData: () => void refreshSavedCopies(queryClient),
    }),
  )
