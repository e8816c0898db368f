import { notify } from '@/components/toasts'
import { UpdateToast } from '@/components/update-toast'
import { createElement } from 'react'

/**
 * Registers the combined worker (/firebase-messaging-sw.js) after the page has loaded. A new version never reloads by
 * itself (a form could lose its input): the user gets one "new version — reload" toast. A failed registration is logged
 * only (docs/requirements.md#r11-offline-and-installing).
 */
export function registerServiceWorker({ onFirstControl, onFreshData }: { onFirstControl: () => void; onFreshData: () => void }): void {
  if (!('serviceWorker' in navigator)) return
  // A read the worker answered from the device while the server was slow or hanging has had the server's answer since.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === 'DATA_FRESH') onFreshData()
  })
  const register = async () => {
    try {
      const { Workbox } = await import('workbox-window')
      const wb = new Workbox('/firebase-messaging-sw.js', { scope: '/' })
      // The first install takes over a page that fetched its data before the worker could keep it: fetch it
      // again through the worker so this very visit is readable offline.
      wb.addEventListener('controlling', (event) => {
        if (!event.isUpdate) onFirstControl()
      })
      wb.addEventListener('waiting', () => {
        wb.addEventListener('controlling', () => window.location.reload())
        void notify(createElement(UpdateToast, { onReload: () => wb.messageSkipWaiting() }), {
          autoClose: false,
          closeOnClick: false,
          toastId: 'app-update',
        })
      })
      await wb.register()
      // The first install claims the open pages at once, but passes over one that was still loading then (a link
      // followed while the worker installed): that page asks to be taken over, or it would stay uncontrolled, and
      // not readable offline, until its next load.
      const registration = await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: 'CLAIM' })
    } catch (error) {
      console.error('Service worker registration failed', error)
    }
  }
  // This module is itself loaded after the page's first script, so the page may have loaded already.
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}
