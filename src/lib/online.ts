import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** Is the browser online? (TanStack's onlineManager, seeded from navigator.onLine, follows the events.) */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  )
}
