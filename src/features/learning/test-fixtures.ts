import { vi } from 'vitest'
import type { LearningEntry } from '@/core/learning/contract'
import { replayDeck, type DeckCard, type LearningProgress } from '@/core/learning/schedule'
import type { Proverb } from '@/core/proverbs/contract'
import { group, iwaLesin, makeProverb, onye, zomo } from '@/offline/test-fixtures'
import type { ReviewQueue } from './deck'

// The Learn pages' tests: real cards (the deck replayed from a log by FSRS, as the device does) and a stand-in
// for the device's queue (src/features/learning/deck.ts) that a grade changes, as the real one does.

export const amharic = { ...group(7, 'amharic', 'Amhara'), language: 'Amharic' }
/** ቀስ በቀስ: Ethiopic script, and one of the cousins of "Pole pole" (server/src/db/seed/cousins.json). */
export const kesBekes = makeProverb(71, amharic, 'ቀስ በቀስ እንቁላል በእግሩ ይሄዳል።', [
  'Slowly, slowly, the egg walks on its own legs.',
  'Given time, things grow and mature at their own pace, as an egg becomes a chick that walks. A call for patience with slow progress.',
])

/** Ìwà lẹ̀sìn with its cousins among the Igbo and the Hausa, as the proverb's page shows them. */
export const iwaWithCousins: Proverb = {
  ...iwaLesin,
  cousins: {
    key: 'character-is-all',
    note: 'A person’s conduct matters more than anything they own or profess.',
    proverbs: [onye, zomo].map(({ id, slug, proverb, transliteration, ethnic }) => ({ id, slug, proverb, transliteration, ethnic })),
  },
}

let made = 0
/** Cards put in the deck on November 20th, 2026, in this order: new ones, due since. */
export function newCards(...proverbIds: number[]): DeckCard[] {
  const entries: LearningEntry[] = proverbIds.map((proverbId, i) => ({
    kind: 'add',
    id: `add-${++made}`,
    at: `2026-11-20T10:0${i}:00.000Z`,
    day: '2026-11-20',
    offset: 60,
    proverbId,
  }))
  const cards = replayDeck(entries)
  return proverbIds.map((id) => cards.get(id)!)
}

type Queue = Omit<ReviewQueue, 'grade'>

/** The device's queue, as the Learn pages see it: a grade takes the card out of `due` at once. */
export function queueStandIn() {
  let state: Queue = { status: 'loading', due: [], nextDue: null, deck: [], proverbs: new Map() }
  const listeners = new Set<() => void>()
  const grade = vi.fn((proverbId: number) => {
    set({ due: state.due.filter((card) => card.proverbId !== proverbId) })
  })
  function set(next: Partial<Queue>) {
    state = { ...state, ...next }
    snapshot = { ...state, grade }
    for (const listener of listeners) listener()
  }
  let snapshot: ReviewQueue = { ...state, grade }
  return {
    grade,
    set,
    /** A ready deck of these proverbs, all due. */
    ready(proverbs: Proverb[], changes: Partial<Queue> = {}) {
      const cards = newCards(...proverbs.map((p) => p.id))
      set({ status: 'ready', due: cards, deck: cards, proverbs: new Map(proverbs.map((p) => [p.id, p])), nextDue: null, ...changes })
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get: () => snapshot,
  }
}

export const PROGRESS: LearningProgress = {
  reviewsPerDay: [
    { day: '2026-11-24', reviews: 8, again: 2 },
    { day: '2026-11-26', reviews: 12, again: 1 },
    { day: '2026-11-27', reviews: 4, again: 0 },
  ],
  learned: 9,
  deck: 14,
  retention: 0.9166,
}
