import { useSyncExternalStore } from 'react'
import { readPushStatus, subscribePushStatus, type PushStatus } from './messaging'

/** Push on this device: on, off, blocked by the browser, unsupported, or unconfigured in this build. */
export function usePushStatus(): PushStatus {
  return useSyncExternalStore(subscribePushStatus, readPushStatus, readPushStatus)
}
