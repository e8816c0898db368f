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
// The last reading of each reader's entry, so a component's snapshot is the same object until the entry changes.
const read = new Map<number, { raw: string | null; choice: KeepChoice }>()

const stored = (userId: number): string | null => {
  try {
    return localStorage.getItem(storageKey(userId))
  } catch {
    return null
  }
}

export function readKeepChoice(userId: number): KeepChoice {
  const raw = stored(userId)
  const last = read.get(userId)
  if (last && last.raw === raw) return last.choice
  let choice = NONE
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<KeepChoice> | null
    if (parsed)
      choice = {
        metered: parsed.metered === 'yes' || parsed.metered === 'no' ? parsed.metered : null,
        declined: Array.isArray(parsed.declined) ? parsed.declined.filter((id) => Number.isInteger(id)) : [],
      }
  } catch {
    // Unreadable: as if nothing was said.
  }
  read.set(userId, { raw, choice })
  return choice
}

function writeKeepChoice(userId: number, change: (choice: KeepChoice) => KeepChoice): void {
  const next = change(readKeepChoice(userId))
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(next))
  } catch {
    // Storage full or blocked: the choice holds for this visit.
    read.set(userId, { raw: stored(userId), choice: next })
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
        if (event.key === storageKey(userId)) listener()
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
