import { useSyncExternalStore } from 'react'

/** Chromium's install prompt event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

declare global {
  interface Window {
    /** A prompt the page's start script kept before the app ran (scripts/start-after-paint.mjs). */
    __oweInstallPrompt?: Event
  }
}

/**
 * Keeps the browser's install prompt for our own "Install Òwe" button instead of the mini-infobar.
 * Called once at start, before React mounts. A prompt offered earlier, while the page was painting and the
 * app's code loading, was kept by the start script and is taken from there.
 */
export function captureInstallPrompt(): void {
  if (window.__oweInstallPrompt) {
    deferred = window.__oweInstallPrompt as BeforeInstallPromptEvent
    delete window.__oweInstallPrompt
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    changed()
  })
}

export function useInstallPrompt(): { available: boolean; install: () => Promise<boolean> } {
  const available = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => deferred !== null,
    () => false,
  )
  return {
    available,
    install: async () => {
      const event = deferred
      if (!event) return false
      // A prompt can be shown once; a dismissed one comes back with the next beforeinstallprompt.
      deferred = null
      changed()
      await event.prompt()
      return (await event.userChoice).outcome === 'accepted'
    },
  }
}
