import type { Grade } from '@/core/learning/contract'
import type { DeckCard, LearningProgress } from '@/core/learning/schedule'
import type { Proverb } from '@/core/proverbs/contract'

/**
 * The deck on the device, for the Learn pages only (it loads ts-fsrs): the cards due, grading them, and
 * progress, all from the device's log (src/offline/learning.ts), offline or not.
 *
 * INTERFACE ONLY — the device side fills these in; the screens build against them.
 */

const pending = (): never => {
  throw new Error('The device side of learning is not built yet.')
}

export type ReviewQueue = {
  status: 'loading' | 'ready' | 'error'
  /** The cards due now, the longest overdue first; a card graded leaves at once (or comes back later the same session when due in minutes). */
  due: DeckCard[]
  /** When the next card not yet due becomes due (ISO); null with none. */
  nextDue: string | null
  /** Every card in the deck. */
  deck: DeckCard[]
  /** The proverbs the cards show, by id, from the device's copy (available offline). */
  proverbs: Map<number, Proverb>
  /** Grades a card now: recorded on the device at once, synced when online; the queue updates before the next frame. */
  grade: (proverbId: number, grade: Grade) => void
}

/** The review queue of the signed-in reader. */
export function useReviewQueue(): ReviewQueue {
  return pending()
}

/** Progress from the device's log: reviews per day, cards learned, retention; undefined while loading. */
export function useProgress(): LearningProgress | undefined {
  return pending()
}
