import './app/fonts.css'
import './app/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, queryClient } from './app/app'
import { env } from './lib/env'
import { captureInstallPrompt } from './lib/install'
import { registerServiceWorker } from './lib/service-worker'

captureInstallPrompt()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

if (env.production) registerServiceWorker({ onFirstControl: () => void queryClient.refetchQueries({ type: 'active' }) })
