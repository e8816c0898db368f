import { LEARNING_BATCH_MAX, LEARNING_BEFORE_ACCOUNT_MS, LEARNING_FUTURE_SKEW_MS, LEARNING_KINDS, MAX_OFFSET_MINUTES } from './contract'

/**
 * What the learning API (POST and GET /api/learning/log, GET /api/learning/summary) answers when it
 * refuses a request or an entry, and what the daily reminder says of a streak and a deck. An entry's
 * message names it by its place in the batch (`entries[3].grade`), so a developer finds it at once.
 */
export const LEARNING_API_TEXTS = {
  batch: 'Send { "entries": [...] }: a list of learning entries and nothing else.',
  batchEmpty: 'The batch has no entries.',
  batchTooLarge: `A batch holds at most ${LEARNING_BATCH_MAX} entries.`,
  entry: (path: string) => `${path} must be an object.`,
  unknownField: (path: string, fields: string) => `${path} has a field the learning log does not take: ${fields}.`,
  id: (path: string) => `${path} must be a UUID in lower case (crypto.randomUUID()).`,
  kind: (path: string) => `${path} must be one of ${LEARNING_KINDS.join(', ')}.`,
  at: (path: string) => `${path} must be a time as Date.prototype.toISOString() writes it, e.g. 2026-11-25T10:30:00.000Z.`,
  day: (path: string) => `${path} must be a calendar day written YYYY-MM-DD.`,
  offset: (path: string) => `${path} must be a whole number of minutes ahead of UTC (-getTimezoneOffset()).`,
  proverbId: (path: string) => `${path} must be a proverb's id, a whole number from 1.`,
  batchId: (path: string) => `${path} must be a quiz's id, a whole number from 1.`,
  grade: (path: string) => `${path} must be a grade: 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy).`,
  needs: (path: string, kind: string, field: string) => `${path}: a ${kind} entry needs ${field}.`,
  notOfKind: (path: string, kind: string, field: string) => `${path}: a ${kind} entry takes no ${field}.`,
  future: (id: string) =>
    `Entry ${id} is dated more than ${LEARNING_FUTURE_SKEW_MS / 60_000} minutes after the server's clock, so the batch was not stored. Check the device's date and time.`,
  beforeAccount: (id: string) =>
    `Entry ${id} is dated more than ${LEARNING_BEFORE_ACCOUNT_MS / 3_600_000} hours before this account was made, so the batch was not stored. Check the device's date and time.`,

  // Entries refused one by one (the rest of the batch is stored): LearningBatchResult.refused[].message.
  noProverb: (proverbId: number) => `There is no published proverb ${proverbId}.`,
  noQuiz: (batchId: number) => `You have no quiz ${batchId}.`,
  offsetTooFar: (offset: number) =>
    `An offset of ${offset} minutes is further from UTC than any time zone (${MAX_OFFSET_MINUTES / 60} hours).`,
  dayMismatch: (day: string, at: string, offset: number) => `${day} is not the calendar day of ${at} at ${offset} minutes from UTC.`,
  /** An id another reader's entry holds: said without telling whose or what it is. */
  idTaken: 'This id is already taken: the device must make a new one for this entry.',

  after: '"after" must be a whole number from 0: the cursor of the last page read.',
  today: '"today" must be a day written YYYY-MM-DD.',
  todayFar: `"today" is not today anywhere on Earth: send the reader's local date.`,
} as const

/** What the daily reminder adds when the reader is learning (docs/requirements.md#r18-learning). */
export const LEARNING_REMINDER_TEXTS = {
  /** The title when a streak of two days or more would end tonight. */
  keepStreak: (days: number) => `Keep your ${days}-day streak`,
  /** Put before the proverb when cards are due. */
  due: (cards: number) => `${cards} ${cards === 1 ? 'card' : 'cards'} to review.`,
} as const
