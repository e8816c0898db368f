import { LEARNING_API_TEXTS as T } from '@core/learning/api-texts'
import {
  CALENDAR_DAYS,
  LEARNING_BEFORE_ACCOUNT_MS,
  LEARNING_CLOCK_AHEAD,
  LEARNING_FUTURE_SKEW_MS,
  LEARNING_PAGE_SIZE,
  MAX_OFFSET_MINUTES,
  type LearningBatchResult,
  type LearningEntry,
  type LearningLogPage,
  type LearningSummary,
  type LocalDay,
} from '@core/learning/contract'
import { dayAtOffset, dayMatches, shiftDay } from '@core/learning/days'
import { streakOf } from '@core/learning/streak'
import type { Db } from '../../db/client'
import { badRequest, HttpError } from '../../http/errors'
import { activeDaysOf, deckCountsOf } from '../../services/learning'
import { keepCards } from './cards'
import {
  accountMadeAt,
  entriesAfter,
  holdersOf,
  insertEntries,
  lockLog,
  ownQuizzes,
  publishedProverbs,
  reminderDayOf,
  type EntryRow,
} from './repository'

type Refusal = LearningBatchResult['refused'][number]

/** Why the server will never take this entry, judged on the entry alone; null when it may. */
function refusalOf(entry: LearningEntry): string | null {
  if (Math.abs(entry.offset) > MAX_OFFSET_MINUTES) return T.offsetTooFar(entry.offset)
  if (!dayMatches(entry)) return T.dayMismatch(entry.day, entry.at, entry.offset)
  return null
}

function rowOf(userId: number, entry: LearningEntry, now: Date): EntryRow {
  return {
    id: entry.id,
    userId,
    kind: entry.kind,
    proverbId: entry.kind === 'quiz' ? null : entry.proverbId,
    batchId: entry.kind === 'quiz' ? entry.batchId : null,
    grade: entry.kind === 'review' ? entry.grade : null,
    at: new Date(entry.at),
    day: entry.day,
    offset: entry.offset,
    receivedAt: now,
  }
}

/**
 * Stores a validated batch of the reader's entries (docs/decisions/019-learning.md), each once.
 * - An entry dated more than LEARNING_FUTURE_SKEW_MS after `now` makes the whole batch a 400 coded
 *   LEARNING_CLOCK_AHEAD: nothing is stored, and the device sends it again later (its clock is fast).
 * - An entry dated more than LEARNING_BEFORE_ACCOUNT_MS before the reader's account was made makes the whole
 *   batch a 400 too (coded bad_request: it will never be taken), so no streak is made up in one call.
 * - Refused one by one, the rest stored: a day that is not the entry's time at its offset (or an offset no
 *   zone has), a proverb that is not published, a quiz that is not the reader's, an id another reader's
 *   entry holds (said without telling whose: a device makes its ids at random, so only a bug repeats one).
 * - Duplicates: an id the reader's log already holds, the same id twice in the batch, a second read of a
 *   proverb on one local day. They change nothing.
 * The batch is stored under the reader's lock, in the order sent, and the cards of the proverbs it touched
 * are brought up to date in the same transaction (./cards.ts).
 */
export async function storeBatch(db: Db, userId: number, entries: LearningEntry[], now: Date): Promise<LearningBatchResult> {
  const latest = now.getTime() + LEARNING_FUTURE_SKEW_MS
  const ahead = entries.find((entry) => Date.parse(entry.at) > latest)
  // Dated by the clock it was judged by, so the device can tell when to send the entry again.
  if (ahead)
    throw new HttpError(400, LEARNING_CLOCK_AHEAD, T.future(ahead.id), { entries: T.future(ahead.id) }, { Date: now.toUTCString() })
  const earliest = (await accountMadeAt(db, userId)).getTime() - LEARNING_BEFORE_ACCOUNT_MS
  const behind = entries.find((entry) => Date.parse(entry.at) < earliest)
  if (behind) throw badRequest(T.beforeAccount(behind.id), { entries: T.beforeAccount(behind.id) })

  const refused: Refusal[] = []
  const seen = new Set<string>()
  const candidates: LearningEntry[] = []
  for (const entry of entries) {
    // The same entry twice in one batch is judged once, like an entry sent again later.
    if (seen.has(entry.id)) continue
    seen.add(entry.id)
    const refusal = refusalOf(entry)
    if (refusal) refused.push({ id: entry.id, message: refusal })
    else candidates.push(entry)
  }
  const sentTwice = entries.length - seen.size
  const proverbIds = [...new Set(candidates.flatMap((entry) => (entry.kind === 'quiz' ? [] : [entry.proverbId])))]
  const quizIds = [...new Set(candidates.flatMap((entry) => (entry.kind === 'quiz' ? [entry.batchId] : [])))]
  const [published, quizzes] = await Promise.all([publishedProverbs(db, proverbIds), ownQuizzes(db, userId, quizIds)])
  const missing = (entry: LearningEntry) => {
    if (entry.kind === 'quiz') return quizzes.has(entry.batchId) ? null : T.noQuiz(entry.batchId)
    return published.has(entry.proverbId) ? null : T.noProverb(entry.proverbId)
  }
  const kept = candidates.filter((entry) => {
    const refusal = missing(entry)
    if (refusal) refused.push({ id: entry.id, message: refusal })
    return refusal === null
  })

  const { accepted, taken } = await db.transaction(async (tx) => {
    await lockLog(tx, userId)
    const stored = await insertEntries(
      tx,
      kept.map((entry) => rowOf(userId, entry, now)),
    )
    const notStored = kept.filter((entry) => !stored.has(entry.id)).map((entry) => entry.id)
    const holders = await holdersOf(tx, notStored)
    const taken = new Set(notStored.filter((id) => holders.has(id) && holders.get(id) !== userId))
    await keepCards(
      tx,
      userId,
      kept.filter((entry) => stored.has(entry.id)),
    )
    return { accepted: stored.size, taken }
  })
  for (const entry of kept) if (taken.has(entry.id)) refused.push({ id: entry.id, message: T.idTaken })
  // Refusals in the order the entries were sent.
  const order = new Map(entries.map((entry, index) => [entry.id, index]))
  refused.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  return { accepted, duplicates: sentTwice + kept.length - accepted - taken.size, refused }
}

/** A page of the reader's log after `after` (0: from the start), oldest first. */
export async function logPage(db: Db, userId: number, after: number): Promise<LearningLogPage> {
  const rows = await entriesAfter(db, userId, after, LEARNING_PAGE_SIZE + 1)
  const entries = rows.slice(0, LEARNING_PAGE_SIZE)
  return { entries, cursor: entries.at(-1)?.seq ?? after, more: rows.length > LEARNING_PAGE_SIZE }
}

/**
 * The reader's "today": the day their device sends, which must be today somewhere (a day either side of the
 * days the furthest zones have now, for a device clock a little off), or without one the day in the zone of
 * their daily reminder, else in UTC.
 */
export async function todayOf(db: Db, userId: number, sent: LocalDay | undefined, now: Date): Promise<LocalDay> {
  if (sent === undefined) return (await reminderDayOf(db, userId, now)) ?? now.toISOString().slice(0, 10)
  const at = now.toISOString()
  const earliest = shiftDay(dayAtOffset(at, -MAX_OFFSET_MINUTES), -1)
  const latest = shiftDay(dayAtOffset(at, MAX_OFFSET_MINUTES), 1)
  if (sent < earliest || sent > latest) throw badRequest(T.todayFar, { today: T.todayFar })
  return sent
}

/** Streak, the calendar's active days, and the deck at `now` (its cards as the log's replay left them). */
export async function summaryOf(db: Db, userId: number, today: LocalDay, now: Date): Promise<LearningSummary> {
  const [days, { deck, due }] = await Promise.all([activeDaysOf(db, userId), deckCountsOf(db, userId, now)])
  const first = shiftDay(today, -(CALENDAR_DAYS - 1))
  return { today, streak: streakOf(days, today), days: days.filter((day) => day >= first && day <= today), deck, due }
}
