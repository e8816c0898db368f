import type { LocalDay, Streak } from '@/core/learning/contract'

/**
 * Learning on the page (docs/requirements.md#r18-learning, docs/decisions/019-learning.md): recording what
 * counts, and the small numbers every page may show (the due badge, the streak). Light: it never loads
 * ts-fsrs; the device's log lives in src/offline/learning.ts, loaded on first use.
 *
 * INTERFACE ONLY — the device side fills these in; the screens build against them.
 */

const pending = (): never => {
  throw new Error('The device side of learning is not built yet.')
}

/** A proverb read by the signed-in reader (kept at most once a proverb a local day). Nothing for a visitor. */
export function recordRead(_proverbId: number): void {
  pending()
}

/** A quiz finished (its answers submitted) by the signed-in reader. */
export function recordQuizFinished(_batchId: number): void {
  pending()
}

/** Puts proverbs in the signed-in reader's deck (those already in it are left as they are). */
export async function addToDeck(_proverbIds: number[]): Promise<void> {
  pending()
}

/** Takes a proverb out of the deck (its schedule is kept should it come back). */
export async function removeFromDeck(_proverbId: number): Promise<void> {
  pending()
}

/** Cards in the deck and how many are due now, from the device; undefined while loading or signed out. */
export function useLearningCounts(): { deck: number; due: number } | undefined {
  return pending()
}

/** Whether the proverb is in the deck; undefined while loading or signed out. */
export function useInDeck(_proverbId: number): boolean | undefined {
  return pending()
}

/** The streak and the active days of the last CALENDAR_DAYS days, in the reader's local days; undefined while loading or signed out. */
export function useStreak(): { today: LocalDay; streak: Streak; days: LocalDay[] } | undefined {
  return pending()
}
