import { useSyncExternalStore } from 'react'
import type { LocalDay } from '@/core/learning/contract'
import { localDayOf } from '@/core/learning/days'

/**
 * The device's local calendar day (docs/decisions/019-learning.md: a reader's day is their own), for what
 * changes with it — the streak, the due badge. One timer to just past the next local midnight for every
 * listener; a device that slept through midnight is checked again when the page is shown.
 */

const dayListeners = new Set<() => void>()
let midnight: ReturnType<typeof setTimeout> | undefined
let dayHeard = ''

const localToday = (): LocalDay => localDayOf(new Date()).day

/** Tells the listeners when the local day has changed since they last heard. */
function checkDay(): void {
  const today = localToday()
  if (today === dayHeard) return
  dayHeard = today
  dayListeners.forEach((listener) => listener())
}

/** A timer to just past the next local midnight (then again); a device that slept through it checks when shown. */
function armMidnight(): void {
  clearTimeout(midnight)
  if (dayListeners.size === 0) return
  const now = new Date()
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  midnight = setTimeout(
    () => {
      checkDay()
      armMidnight()
    },
    next.getTime() - now.getTime() + 1000,
  )
}

const onVisible = () => !document.hidden && checkDay()

/** Calls back when the device's local day changes. */
export function onLocalDayChange(listener: () => void): () => void {
  if (dayListeners.size === 0) {
    dayHeard = localToday()
    document.addEventListener('visibilitychange', onVisible)
  }
  dayListeners.add(listener)
  armMidnight()
  return () => {
    dayListeners.delete(listener)
    if (dayListeners.size > 0) return
    clearTimeout(midnight)
    document.removeEventListener('visibilitychange', onVisible)
  }
}

/** The device's local day now, changing at local midnight. */
export function useLocalDay(): LocalDay {
  return useSyncExternalStore(onLocalDayChange, localToday, localToday)
}
