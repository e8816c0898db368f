import { vi } from 'vitest'

// Test-only: the browser's push pieces (Notification, service worker, storage) as small stand-ins.

export { json, renderWithApp } from '@/lib/test-render'

/** Notification with a permission the test sets, and PushManager, so push counts as supported. */
export function stubNotifications(state: { permission: NotificationPermission }) {
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return state.permission
      }
      static requestPermission = vi.fn(async () => state.permission)
    },
  )
  vi.stubGlobal('PushManager', class {})
}

export function stubServiceWorker(value: Partial<ServiceWorkerContainer> | undefined) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value })
}
