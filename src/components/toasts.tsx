import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { ToastContent, ToastOptions } from 'react-toastify'

/**
 * Toasts without react-toastify on the first paint: the library (and its container) load the first time something is
 * shown. Top-right, auto-close 5000 ms by default (docs/requirements.md#r7-notifications-and-push).
 */
let wanted = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const Container = lazy(async () => {
  const { ToastContainer } = await import('react-toastify')
  return { default: () => <ToastContainer position="top-right" autoClose={5000} newestOnTop /> }
})

export function Toasts() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  return show ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null
}

export async function notify(content: ToastContent, options?: ToastOptions): Promise<void> {
  if (!wanted) {
    wanted = true
    listeners.forEach((listener) => listener())
  }
  const { toast } = await import('react-toastify')
  // The container mounts on the next render; give it a frame before the first toast.
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
  toast(content, options)
}
