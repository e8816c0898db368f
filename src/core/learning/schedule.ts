import { createEmptyCard, fsrs, generatorParameters, State, type Card } from 'ts-fsrs'
import type { Grade, LearningEntry, LocalDay } from './contract'

/**
 * The deck and its schedule, worked out from the log by FSRS (ts-fsrs; docs/decisions/019-learning.md).
 * Entries are replayed in the order they happened (their time, then their id), never the order they
 * arrived, and the scheduler has no randomness (fuzz off): two devices with the same entries reach the
 * same schedule, to the millisecond. Loaded only where cards are reviewed or counted (the deck's pages,
 * the worker, the server), never by the first page.
 */

/** FSRS as Òwe schedules with it: the library's defaults (90 % retention, learning steps 1 m and 10 m), no fuzz. */
export const scheduler = fsrs(generatorParameters({ enable_fuzz: false }))

export type CardPhase = 'new' | 'learning' | 'review' | 'relearning'
const PHASES: Record<State, CardPhase> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
}

/** A proverb's card: whether it is in the deck, and where it stands. */
export type DeckCard = {
  proverbId: number
  inDeck: boolean
  /** When it was first put in the deck (ISO). */
  addedAt: string
  /** When it is next due (ISO); a new card is due from when it was added. */
  due: string
  phase: CardPhase
  reps: number
  lapses: number
  lastReview: string | null
  /** FSRS's own state, for the next grade. */
  card: Card
}

/** Entries in the order they happened: by time, then id (two entries of one millisecond). */
export function inOrder<T extends Pick<LearningEntry, 'at' | 'id'>>(entries: Iterable<T>): T[] {
  return [...entries].sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at < b.at ? -1 : 1))
}

function toDeckCard(proverbId: number, inDeck: boolean, addedAt: string, card: Card): DeckCard {
  return {
    proverbId,
    inDeck,
    addedAt,
    due: card.due.toISOString(),
    phase: PHASES[card.state],
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
    card,
  }
}

/** The card after one grade at `at` (what the device shows next, without replaying the whole log). */
export function gradeCard(card: DeckCard, grade: Grade, at: string): DeckCard {
  return toDeckCard(card.proverbId, card.inDeck, card.addedAt, scheduler.next(card.card, new Date(at), grade).card)
}

/**
 * Every card the log names, by proverb id. `add` puts a card in the deck (a new one, or back with its
 * schedule kept); `remove` takes it out; `review` grades it (a review of a card never added adds it then).
 * `read` and `quiz` entries are ignored. `from`: cards already worked out from every earlier entry of theirs
 * (the server keeps them so, and continues with entries that happened after), else none.
 */
export function replayDeck(entries: Iterable<LearningEntry>, from: Iterable<DeckCard> = []): Map<number, DeckCard> {
  const cards = new Map<number, DeckCard>([...from].map((card) => [card.proverbId, card]))
  for (const entry of inOrder(entries)) {
    if (entry.kind === 'read' || entry.kind === 'quiz') continue
    const known = cards.get(entry.proverbId)
    if (entry.kind === 'add') {
      cards.set(
        entry.proverbId,
        known ? { ...known, inDeck: true } : toDeckCard(entry.proverbId, true, entry.at, createEmptyCard(new Date(entry.at))),
      )
    } else if (entry.kind === 'remove') {
      if (known) cards.set(entry.proverbId, { ...known, inDeck: false })
    } else {
      const card = known ?? toDeckCard(entry.proverbId, true, entry.at, createEmptyCard(new Date(entry.at)))
      cards.set(entry.proverbId, gradeCard(card, entry.grade, entry.at))
    }
  }
  return cards
}

/** The deck's cards due at `now`, the longest overdue first. */
export function dueCards(cards: Iterable<DeckCard>, now: Date): DeckCard[] {
  const at = now.toISOString()
  return [...cards]
    .filter((card) => card.inDeck && card.due <= at)
    .sort((a, b) => (a.due === b.due ? a.proverbId - b.proverbId : a.due < b.due ? -1 : 1))
}

/** What the progress view draws. */
export type LearningProgress = {
  /** Reviews per local day, oldest first, for the days with any. */
  reviewsPerDay: { day: LocalDay; reviews: number; again: number }[]
  /** Cards in the deck that have graduated to review (remembered over days, not minutes). */
  learned: number
  /** Cards in the deck. */
  deck: number
  /** Of the reviews of cards already in review, the share not graded Again (null with none yet). */
  retention: number | null
}

/** Progress from the log: reviews per day, cards learned, and retention. */
export function progressOf(entries: Iterable<LearningEntry>): LearningProgress {
  const log = [...entries]
  const perDay = new Map<LocalDay, { reviews: number; again: number }>()
  for (const entry of log) {
    if (entry.kind !== 'review') continue
    const day = perDay.get(entry.day) ?? { reviews: 0, again: 0 }
    day.reviews += 1
    if (entry.grade === 1) day.again += 1
    perDay.set(entry.day, day)
  }
  const cards = [...replayDeck(log).values()].filter((card) => card.inDeck)
  return {
    reviewsPerDay: [...perDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, counts]) => ({ day, ...counts })),
    learned: cards.filter((card) => card.phase === 'review').length,
    deck: cards.length,
    retention: retentionOf(log),
  }
}

/** Of the reviews made while a card was in review, the share not graded Again; null with none. */
function retentionOf(entries: Iterable<LearningEntry>): number | null {
  const cards = new Map<number, DeckCard>()
  let mature = 0
  let recalled = 0
  for (const entry of inOrder(entries)) {
    if (entry.kind !== 'review') continue
    const before = cards.get(entry.proverbId) ?? toDeckCard(entry.proverbId, true, entry.at, createEmptyCard(new Date(entry.at)))
    if (before.phase === 'review') {
      mature += 1
      if (entry.grade !== 1) recalled += 1
    }
    cards.set(entry.proverbId, gradeCard(before, entry.grade, entry.at))
  }
  return mature === 0 ? null : recalled / mature
}
