import { EVENT_FUTURE_SKEW_MS, type AnalyticsEvent, type EventBatchResult, type EventType } from '@core/analytics/contract'
import { ANALYTICS_API_TEXTS as T } from '@core/analytics/texts'
import { cleanText } from '@core/shared/text'
import type { Db } from '../../db/client'
import { CLOCK_AHEAD } from '@core/http/contract'
import { HttpError } from '../../http/errors'
import { takeRoom, type Limit } from '../../http/rate-limit'
import { addDays, utcDay } from '../../services/analytics-daily'
import { insertEvents, type EventRow } from './repository'
import type { VisitorHasher } from './visitors'

type Detail = 'slug' | 'q' | 'results' | 'ethnic' | 'detail' | 'currency'

/**
 * The fields each type of event names (src/core/analytics/contract.ts). A field an event carries that its
 * type does not name is valid in itself but means nothing there: it is not stored.
 */
const FIELDS_OF: Record<EventType, readonly Detail[]> = {
  page_view: ['slug', 'q', 'ethnic'],
  proverb_view: ['slug'],
  search: ['q', 'results', 'ethnic'],
  share: ['slug', 'detail'],
  install: [],
  push_opt_in: [],
  quiz_start: [],
  quiz_finish: [],
  signup_step: ['detail'],
  checkout_start: ['detail', 'currency'],
  checkout_paid: ['detail', 'currency'],
}

const DAY_MS = 24 * 60 * 60_000

/**
 * Events one visitor (a browser on an address, for a UTC day) may have stored in a day; one address, whatever
 * browsers it claims to be, may store `addressEventsPerDay` (readers behind one carrier's NAT share it). Past
 * them the rest of a batch is dropped and answered as stale: the device does not send it again. A reader who
 * opens a page a minute for eight hours stays under the first; a visitor anywhere near it is flooding, and
 * counts for nothing in trending and Insights' top lists (FLOODING in services/analytics-daily.ts).
 */
export const VISITOR_EVENTS_PER_DAY = 500

const dailyEvents = (name: string, max: number): Limit => ({ name, max, windowMs: DAY_MS })

export type CollectorDeps = {
  db: Db
  visitors: VisitorHasher
  /** Raw events are kept this many days before today (config.analyticsRetentionDays). */
  retentionDays: number
  /** Events one address may have stored in a UTC day (config.addressEventsPerDay). */
  addressEventsPerDay: number
}

/** Who sent the batch, for the visitor hash only: neither is stored. */
export type Sender = { address: string; userAgent: string }

/** The first day whose events are still kept; an event of an earlier day is too old to count. */
export const oldestKeptDay = (today: string, retentionDays: number) => addDays(today, -retentionDays)

/** The words searched as they are counted: cleaned by the one sanitiser, in lower case, so "Omi" and "omi " are one search. */
export const searchWords = (q: string) => cleanText(q).toLowerCase()

function rowOf(event: AnalyticsEvent, day: string, visitor: string, now: Date): EventRow {
  const row: EventRow = {
    id: event.id.toLowerCase(),
    type: event.type,
    at: new Date(event.at),
    day,
    path: event.path,
    visitor,
    receivedAt: now,
  }
  for (const field of FIELDS_OF[event.type]) {
    if (field === 'results') row.results = event.results
    else if (field === 'q') row.q = event.q === undefined ? undefined : searchWords(event.q)
    else row[field] = event[field]
  }
  return row
}

/**
 * Stores a validated batch: every event once (by its id), dated when it happened, as far as the visitor's and
 * the address's allowances for the day go (the rest counted as stale). An event dated more than
 * EVENT_FUTURE_SKEW_MS after `now` makes the whole batch a 400 coded CLOCK_AHEAD (a device clock far ahead would
 * put its events on days that have not come: the device sends them again once they are not); an event of a day before the retention window is not stored and is
 * counted as stale.
 */
export async function collectEvents(
  { db, visitors, retentionDays, addressEventsPerDay }: CollectorDeps,
  events: AnalyticsEvent[],
  sender: Sender,
  now: Date,
): Promise<EventBatchResult> {
  const latest = now.getTime() + EVENT_FUTURE_SKEW_MS
  const ahead = events.find((event) => Date.parse(event.at) > latest)
  // Coded, and dated by the clock it was judged by: the device keeps the event and sends it once that clock has caught up.
  if (ahead) throw new HttpError(400, CLOCK_AHEAD, T.future(ahead.id), { events: T.future(ahead.id) }, { Date: now.toUTCString() })

  const today = utcDay(now)
  const oldest = oldestKeptDay(today, retentionDays)
  const kept = events.map((event) => ({ event, day: utcDay(new Date(event.at)) })).filter(({ day }) => day >= oldest)
  const stale = events.length - kept.length
  const hashes = await visitors.hashes([...new Set([today, ...kept.map(({ day }) => day)])], today, sender.address, sender.userAgent)
  const rows = new Map<string, EventRow>()
  for (const { event, day } of kept) {
    const row = rowOf(event, day, hashes.get(day)!, now)
    // The same event twice in one batch is stored once, like an event sent again later.
    if (!rows.has(row.id)) rows.set(row.id, row)
  }
  // Counted under today's visitor hash and the address's day key: rate_limits holds no address either.
  const [visitorRoom, addressRoom] = await Promise.all([
    takeRoom(db, dailyEvents('events-visitor', VISITOR_EVENTS_PER_DAY), hashes.get(today)!, now, rows.size),
    takeRoom(db, dailyEvents('events-address', addressEventsPerDay), await visitors.clientKey(today, sender.address), now, rows.size),
  ])
  const room = Math.min(visitorRoom, addressRoom)
  const accepted = await insertEvents(db, [...rows.values()].slice(0, room))
  // Repeats within the batch and events held before are duplicates; those past the day's allowance are stale.
  return { accepted, duplicates: kept.length - rows.size + room - accepted, stale: stale + rows.size - room }
}
