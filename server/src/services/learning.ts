import { and, count, eq, inArray, lte, sql } from 'drizzle-orm'
import { ACTIVE_KINDS, type LocalDay } from '@core/learning/contract'
import type { Db } from '../db/client'
import { learningCards, learningEntries } from '../db/schema'

/**
 * What the learning feature and the daily reminder both read of a reader's log (docs/decisions/019-learning.md):
 * the days that count towards a streak, and the cards due, counted from `learning_cards` (the log's replay,
 * kept when each batch is stored) rather than by replaying decks.
 */

const isActive = inArray(learningEntries.kind, [...ACTIVE_KINDS])

/** The reader's active days (a read, quiz or review on them), each once, oldest first. */
export async function activeDaysOf(db: Db, userId: number): Promise<LocalDay[]> {
  const rows = await db
    .selectDistinct({ day: learningEntries.day })
    .from(learningEntries)
    .where(and(eq(learningEntries.userId, userId), isActive))
    .orderBy(learningEntries.day)
  return rows.map((row) => row.day)
}

/** Cards in the reader's deck, and how many of them are due at `now`. */
export async function deckCountsOf(db: Db, userId: number, now: Date): Promise<{ deck: number; due: number }> {
  const [row] = await db
    .select({ deck: count(), due: sql<number>`count(*) filter (where ${lte(learningCards.due, now)})`.mapWith(Number) })
    .from(learningCards)
    .where(and(eq(learningCards.userId, userId), eq(learningCards.inDeck, true)))
  return { deck: row.deck, due: row.due }
}

export type ReminderProgress = {
  /** The streak that ends tonight unless today counts: two days or more up to yesterday, today not yet active; else 0. */
  streakToKeep: number
  /** Cards due at the moment the reminder goes. */
  due: number
}

/**
 * For the daily reminders just claimed (reader and their local day), in two queries however many there are:
 * the streak still to keep today and the cards due now. A streak is kept (streakOf's rule) when the last
 * active day is the day before `localDate`; its length is the run of days in a row ending there, found by
 * ranking the reader's days newest first (the run is the days whose date plus their rank less one is the
 * last day). Readers with neither are left out of the map.
 */
export async function reminderProgress(
  db: Db,
  claimed: { userId: number; localDate: LocalDay }[],
  now: Date,
): Promise<Map<number, ReminderProgress>> {
  const progress = new Map<number, ReminderProgress>()
  if (claimed.length === 0) return progress
  const readers = sql.join(
    claimed.map(({ userId, localDate }) => sql`(${userId}::int, ${localDate}::date)`),
    sql`, `,
  )
  const active = sql.join(
    ACTIVE_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )
  const streaks = await db.execute<{ user_id: number; streak: number }>(sql`
    with claimed (user_id, local_date) as (values ${readers}),
    days as (
      select distinct e.user_id, e.day from ${learningEntries} e
      join claimed c on c.user_id = e.user_id
      where e.kind in (${active})
    ),
    ranked as (
      select user_id, day, max(day) over (partition by user_id) as last,
        dense_rank() over (partition by user_id order by day desc) as rank
      from days
    )
    select r.user_id, count(*)::int as streak
    from ranked r join claimed c on c.user_id = r.user_id
    where r.last = c.local_date - 1 and r.day + (r.rank - 1)::int = r.last
    group by r.user_id
    having count(*) >= 2`)
  for (const row of streaks.rows) progress.set(Number(row.user_id), { streakToKeep: Number(row.streak), due: 0 })

  const due = await db
    .select({ userId: learningCards.userId, due: count() })
    .from(learningCards)
    .where(
      and(
        inArray(
          learningCards.userId,
          claimed.map((c) => c.userId),
        ),
        eq(learningCards.inDeck, true),
        lte(learningCards.due, now),
      ),
    )
    .groupBy(learningCards.userId)
  for (const row of due) {
    const known = progress.get(row.userId)
    if (known) known.due = row.due
    else progress.set(row.userId, { streakToKeep: 0, due: row.due })
  }
  return progress
}
