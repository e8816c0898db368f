import { useSyncExternalStore } from 'react'

/**
 * What a reader told this device about keeping their plan's peoples (docs/decisions/021-keep-by-default.md), in local
 * storage by user: their answer to home's question on a metered connection (asked once), and the peoples they removed
 * from the offline page, which are not kept again until they keep them. Like the adverts' timing, it outlives a
 * sign-out: it says nothing about the reader beyond a choice about this device.
 */
export type KeepChoice = {
  /** Home's question on a metered connection: 'yes' keeps (and refreshes) the packs on it too, 'no' waits for an unmetered one. */
  metered: 'yes' | 'no' | null
  /** Peoples the reader removed. */
  declined: number[]
}

const storageKey = (userId: number) => `owe-keep:${userId}`
const NONE: KeepChoice = { metered: null, declined: [] }

const listeners = new Set<() => void>()
// Read once per change, so a component's snapshot is the same object until the choice changes.
const cache = new Map<number, KeepChoice>()

export function readKeepChoice(userId: number): KeepChoice {
  const kept = cache.get(userId)
  if (kept) return kept
  let choice = NONE
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as Partial<KeepChoice> | null
    if (stored)
      choice = {
        metered: stored.metered === 'yes' || stored.metered === 'no' ? stored.metered : null,
        declined: Array.isArray(stored.declined) ? stored.declined.filter((id) => Number.isInteger(id)) : [],
      }
  } catch {
    // Unreadable (or no storage): as if nothing was said.
  }
  cache.set(userId, choice)
  return choice
}

function writeKeepChoice(userId: number, change: (choice: KeepChoice) => KeepChoice): void {
  const next = change(readKeepChoice(userId))
  cache.set(userId, next)
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(next))
  } catch {
    // Storage full or blocked: the choice holds for this visit.
  }
  listeners.forEach((listener) => listener())
}

/** The reader's answer to "Keep … on this phone": asked once, remembered. */
export const answerKeepQuestion = (userId: number, keep: boolean) =>
  writeKeepChoice(userId, (c) => ({ ...c, metered: keep ? 'yes' : 'no' }))

/** Removed from the offline page: not kept again by default. */
export const declinePeople = (userId: number, groupId: number) =>
  writeKeepChoice(userId, (c) => ({ ...c, declined: [...new Set([...c.declined, groupId])] }))

/** Kept by the reader's tap: kept by default again too. */
export const acceptPeople = (userId: number, groupId: number) =>
  writeKeepChoice(userId, (c) => ({ ...c, declined: c.declined.filter((id) => id !== groupId) }))

export function useKeepChoice(userId: number): KeepChoice {
  return useSyncExternalStore(
    (listener) => {
      // Another tab's answer counts here too.
      const onStorage = (event: StorageEvent) => {
        if (event.key !== storageKey(userId)) return
        cache.delete(userId)
        listener()
      }
      listeners.add(listener)
      window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', onStorage)
      }
    },
    () => readKeepChoice(userId),
    () => NONE,
  )
}
