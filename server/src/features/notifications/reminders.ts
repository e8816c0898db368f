import { asc, inArray, sql } from 'drizzle-orm'
import { LEARNING_REMINDER_TEXTS } from '@core/learning/api-texts'
import type { Proverb } from '@core/proverbs/contract'
import { proverbPagePath } from '@core/proverbs/pages'
import { reminderSends, userLanguages } from '../../db/schema'
import { reminderProgress, type ReminderProgress } from '../../services/learning'
import { eachLimited, PUSH_CONCURRENCY } from '../../services/notify'
import { todaysProverbs } from '../../services/proverbs'
import type { JobContext } from './jobs'

export const REMINDER_TITLE = 'Today’s proverb'
/** A reminder missed by more than this (the servers were down) is skipped rather than sent at an odd hour. */
export const REMINDER_LATE_MINUTES = 180
const BODY_MAX = 180
const DAY_MS = 86_400_000

const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`)

const NO_PROGRESS: ReminderProgress = { streakToKeep: 0, due: 0 }

/** "Keep your 12-day streak" when a streak would end tonight (docs/requirements.md#r18-learning), else today's proverb. */
export const reminderTitle = ({ streakToKeep }: ReminderProgress = NO_PROGRESS) =>
  streakToKeep >= 2 ? LEARNING_REMINDER_TEXTS.keepStreak(streakToKeep) : REMINDER_TITLE

/**
 * The proverb in its own words, then its English rendering, short enough for a lock screen; after how many
 * cards are due, when some are (the count is never cut, the proverb is).
 */
export function reminderBody(proverb: Proverb, { due }: ReminderProgress = NO_PROGRESS): string {
  const before = due > 0 ? `${LEARNING_REMINDER_TEXTS.due(due)} ` : ''
  return before + shorten(`${proverb.proverb} — ${proverb.transliteration}`, BODY_MAX - before.length)
}

/** Where the reminder opens: the deck when it says cards are due (their count comes first), else the day's proverb. */
export const reminderUrl = (proverb: Proverb, { due }: ReminderProgress = NO_PROGRESS): string =>
  due > 0 ? '/learn' : proverbPagePath(proverb.slug)

/**
 * The proverb of a local day: that day's pick (todaysProverbs) from one of the user's chosen groups,
 * taking each group in turn day by day; from any group when they chose none.
 */
export function pickProverb(picks: Proverb[], groupIds: number[], localDate: string): Proverb | undefined {
  const day = Math.floor(Date.parse(`${localDate}T00:00:00Z`) / DAY_MS)
  const mine = picks.filter((p) => groupIds.includes(p.ethnic.id))
  const pool = mine.length > 0 ? mine.sort((a, b) => groupIds.indexOf(a.ethnic.id) - groupIds.indexOf(b.ethnic.id)) : picks
  return pool.length > 0 ? pool[day % pool.length] : undefined
}

/**
 * Claims, then sends, every reminder due: the user's local time (computed by the database in their zone)
 * has reached the chosen minute of their day, by no more than REMINDER_LATE_MINUTES, for a day without a
 * `reminder_sends` row. The claim is one INSERT … ON CONFLICT DO NOTHING RETURNING: where several servers
 * race, each reminder is returned to exactly one of them, which alone sends it. Yesterday is looked at
 * too, so a 23:30 reminder missed by a restart is still sent at 00:10. A time set after the moment it
 * names waits for the next day: choosing 07:00 at 09:00 sends nothing at once.
 *
 * Local time is worked out once per zone (MATERIALIZED, or the planner inlines it back into every row),
 * and the window is compared in whole minutes of the local day (wall-clock time, as the user set it). This
 * runs every minute over every reminder, and on PGlite a slow query stalls every request: with 20,000
 * reminders the query took ~135 ms worked out row by row, ~80 ms per zone.
 *
 * Only for the reminders claimed, in two more queries however many they are (services/learning.ts), the
 * reminder says which streak to keep today and how many cards are due: never by replaying decks, whose cards
 * are kept worked out as their entries arrive.
 */
export async function sendDailyReminders({ db, notifier }: JobContext, now: Date): Promise<number> {
  const at = now.toISOString()
  const { rows } = await db.execute<{ user_id: number; local_date: string }>(sql`
    with zone as materialized (
      select z.time_zone, l.local_now::date as today,
        (extract(hour from l.local_now) * 60 + extract(minute from l.local_now))::int as minute_now
      from (select distinct time_zone from daily_reminders) z
      cross join lateral (select ${at}::timestamptz at time zone z.time_zone as local_now) l
    ),
    due as (
      select r.user_id, r.minute_of_day, r.time_zone, r.updated_at,
        case when r.minute_of_day <= zone.minute_now then zone.today else zone.today - 1 end as local_date
      from daily_reminders r
      join zone on zone.time_zone = r.time_zone
      where r.minute_of_day between zone.minute_now - ${REMINDER_LATE_MINUTES} and zone.minute_now
         or r.minute_of_day >= zone.minute_now + 1440 - ${REMINDER_LATE_MINUTES}
    )
    insert into ${reminderSends} (user_id, local_date, sent_at)
    select due.user_id, due.local_date, ${at}::timestamptz
    from due
    join users u on u.id = due.user_id and u.activated_at is not null
      -- An address unsubscribed by an emailed link gets no reminder, even if one is somehow left set.
      and not exists (select 1 from unsubscribes x where x.email = u.email)
    where ((due.local_date + due.minute_of_day * interval '1 minute') at time zone due.time_zone) >= due.updated_at
      and not exists (select 1 from reminder_sends s where s.user_id = due.user_id and s.local_date = due.local_date)
    on conflict do nothing
    returning user_id, local_date::text as local_date`)
  if (rows.length === 0) return 0

  const claimed = rows.map((row) => ({ userId: Number(row.user_id), localDate: row.local_date }))
  const chosenRows = await db
    .select({ userId: userLanguages.userId, groupId: userLanguages.ethnicGroupId })
    .from(userLanguages)
    .where(inArray(userLanguages.userId, [...new Set(claimed.map((c) => c.userId))]))
    .orderBy(asc(userLanguages.userId), asc(userLanguages.position))
  const chosen = new Map<number, number[]>()
  for (const row of chosenRows) chosen.set(row.userId, [...(chosen.get(row.userId) ?? []), row.groupId])
  const progress = await reminderProgress(db, claimed, now)
  const picksByDate = new Map<string, Promise<Proverb[]>>()
  const picksOf = (date: string) => {
    if (!picksByDate.has(date)) picksByDate.set(date, todaysProverbs(db, date))
    return picksByDate.get(date)!
  }

  let sent = 0
  await eachLimited(claimed, PUSH_CONCURRENCY, async ({ userId, localDate }) => {
    const proverb = pickProverb(await picksOf(localDate), chosen.get(userId) ?? [], localDate)
    if (!proverb) return
    const notification = await notifier.notify(
      userId,
      {
        kind: 'reminder',
        title: reminderTitle(progress.get(userId)),
        body: reminderBody(proverb, progress.get(userId)),
        url: reminderUrl(proverb, progress.get(userId)),
        dedupeKey: `reminder:${localDate}`,
      },
      { now },
    )
    if (notification) sent++
  })
  return sent
}
