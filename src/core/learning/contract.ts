/**
 * Learning: streaks that count offline days, and a spaced-repetition deck (docs/requirements.md#r18-learning,
 * docs/decisions/019-learning.md). Shared by the app, the worker and the server.
 *
 * Everything a reader does that learning counts is one append-only log of entries, made on a device and
 * kept by the server, each once (its id is made on the device). The deck, every card's schedule and the
 * streak are worked out from that log alone (`replayDeck`, `streakOf`), so any device holding the same
 * entries, in whatever order they arrived, reaches the same answer.
 */

import { CLOCK_AHEAD, FUTURE_SKEW_MS } from '../http/contract'

/** A reader's local calendar day, YYYY-MM-DD: the day on their device's clock at the moment it happened. */
export type LocalDay = string

/** The four grades of a review (FSRS's ratings): Again 1, Hard 2, Good 3, Easy 4. */
export const GRADES = [1, 2, 3, 4] as const
export type Grade = (typeof GRADES)[number]

/** What the log records. `read`, `quiz` and `review` make a day active; `add` and `remove` shape the deck. */
export const LEARNING_KINDS = ['read', 'quiz', 'add', 'remove', 'review'] as const
export type LearningKind = (typeof LEARNING_KINDS)[number]
/** The kinds that make a day count towards the streak. */
export const ACTIVE_KINDS: readonly LearningKind[] = ['read', 'quiz', 'review']

type EntryBase = {
  /** Made on the device (crypto.randomUUID): the server keeps each entry once, however often it is sent. */
  id: string
  /** When it happened, on the device's clock (ISO 8601, UTC): an entry made offline keeps its own time. */
  at: string
  /** The reader's local calendar day at that moment (their zone then, wherever they were). */
  day: LocalDay
  /**
   * Minutes the device's local time was ahead of UTC at that moment (-getTimezoneOffset()): Lagos +60,
   * Toronto in winter -300. `day` must be the calendar day of `at` shifted by it.
   */
  offset: number
}

/** One thing done, as the log holds it. */
export type LearningEntry =
  /** A proverb read (shown on its own page, or its card in a list opened): at most one a proverb a day is kept. */
  | (EntryBase & { kind: 'read'; proverbId: number })
  /** A quiz finished (its answers submitted). */
  | (EntryBase & { kind: 'quiz'; batchId: number })
  /** A proverb put in the deck (again, after a removal: its schedule is kept). */
  | (EntryBase & { kind: 'add'; proverbId: number })
  /** A proverb taken out of the deck. */
  | (EntryBase & { kind: 'remove'; proverbId: number })
  /** A card reviewed and graded. */
  | (EntryBase & { kind: 'review'; proverbId: number; grade: Grade })

/** An entry as the server hands it back: `seq` is the order it reached the server (for pulling what is new). */
export type StoredLearningEntry = LearningEntry & { seq: number }

/** The server takes at most this many entries a request; devices send batches of LEARNING_BATCH_SIZE. */
export const LEARNING_BATCH_MAX = 200
export const LEARNING_BATCH_SIZE = 100
/** Entries a page of GET /api/learning/log holds. */
export const LEARNING_PAGE_SIZE = 1000
/** An entry dated later than this past the server's clock is refused (a device clock far ahead). */
export const LEARNING_FUTURE_SKEW_MS = FUTURE_SKEW_MS
/**
 * An entry dated more than this before its reader's account was made is refused with the whole batch (a 400
 * that is not LEARNING_CLOCK_AHEAD: the device will never get it taken). A day covers any zone's calendar.
 */
export const LEARNING_BEFORE_ACCOUNT_MS = 86_400_000
/**
 * The error code of that 400: the entry is not at fault, only early. A device keeps it and sends it again once
 * the server's clock has caught up; any other 400 names an entry it will never take.
 */
export const LEARNING_CLOCK_AHEAD = CLOCK_AHEAD
/** The furthest any zone is from UTC (Kiribati +14:00, Baker Island -12:00). */
export const MAX_OFFSET_MINUTES = 14 * 60

/** POST /api/learning/log body. */
export type LearningBatch = { entries: LearningEntry[] }
/**
 * Its answer: how many were new and how many already held; `refused` names each entry the server will
 * never take (a proverb that is not published, a day that does not match its time), with a message. The
 * batch is stored whole but for those; a malformed batch is a 400 and nothing of it is stored.
 */
export type LearningBatchResult = { accepted: number; duplicates: number; refused: { id: string; message: string }[] }
/** GET /api/learning/log?after=<seq>: the reader's entries that reached the server after `after`, oldest first. */
export type LearningLogPage = { entries: StoredLearningEntry[]; cursor: number; more: boolean }

/** A streak, counted in the reader's local days. */
export type Streak = {
  /** Days in a row up to today, or up to yesterday while today has nothing yet (the streak is still alive). */
  current: number
  /** The longest run ever. */
  best: number
  /** Today already counts. */
  activeToday: boolean
  lastActiveDay: LocalDay | null
}

/** GET /api/learning/summary?today=YYYY-MM-DD (the reader's local day; their reminder's zone, else UTC, without it). */
export type LearningSummary = {
  today: LocalDay
  streak: Streak
  /** The active days of the last CALENDAR_DAYS days up to today, oldest first. */
  days: LocalDay[]
  /** Cards in the deck, and how many are due now. */
  deck: number
  due: number
}
/** How many days the calendar of active days shows. */
export const CALENDAR_DAYS = 120
