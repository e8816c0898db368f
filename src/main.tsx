import './app/fonts.css'
import './app/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { env } from './lib/env'
import { registerServiceWorker } from './lib/service-worker'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

if (env.production) registerServiceWorker()
