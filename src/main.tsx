import './app/fonts.css'
import './app/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, queryClient } from './app/app'
import { proverbKeys } from './features/proverbs/queries'
import { env } from './lib/env'
import { captureInstallPrompt } from './lib/install'
import { registerServiceWorker } from './lib/service-worker'

captureInstallPrompt()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// Quiz answers waiting on this device are sent after the first paint and whenever the browser is back online.
// The outbox's code loads then, apart from the first page's script (the quiz pages share it).
const outbox = () => import('./features/quiz/outbox')
void outbox().then(({ startOutboxDrains }) => startOutboxDrains())

if (env.production)
  registerServiceWorker({
    // The corpus on screen, fetched again through the worker that just took over, so it is kept.
    onFirstControl: () => {
      void queryClient.refetchQueries({ type: 'active', queryKey: proverbKeys.all })
      void outbox().then(({ requestDrain }) => requestDrain())
    },
  })
