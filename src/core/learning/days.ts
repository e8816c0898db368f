import { MAX_OFFSET_MINUTES, type LocalDay } from './contract'

/**
 * Local calendar days (docs/decisions/019-learning.md): a day is the reader's own calendar day at the
 * moment of an activity, recorded with the offset from UTC their device had then, so travel and a change
 * of clocks never move an activity to another day after the fact.
 */

const MS_PER_DAY = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')

/** The local day and offset of a moment on this device's clock (its own zone, as the device sets it). */
export function localDayOf(moment: Date): { day: LocalDay; offset: number } {
  const day = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`
  return { day, offset: -moment.getTimezoneOffset() }
}

/** The calendar day of `at` (ISO 8601) `offset` minutes ahead of UTC. */
export function dayAtOffset(at: string, offset: number): LocalDay {
  return new Date(Date.parse(at) + offset * 60_000).toISOString().slice(0, 10)
}

/** Whether `day` is what `at` and `offset` make it, with an offset any zone has. */
export function dayMatches(entry: { at: string; day: LocalDay; offset: number }): boolean {
  return Number.isInteger(entry.offset) && Math.abs(entry.offset) <= MAX_OFFSET_MINUTES && dayAtOffset(entry.at, entry.offset) === entry.day
}

const dayNumber = (day: LocalDay) => Math.round(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY)
const dayOfNumber = (n: number): LocalDay => new Date(n * MS_PER_DAY).toISOString().slice(0, 10)

/** The day `count` days after `day` (before it, for a negative count). */
export const shiftDay = (day: LocalDay, count: number): LocalDay => dayOfNumber(dayNumber(day) + count)

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: LocalDay, to: LocalDay): number => dayNumber(to) - dayNumber(from)

/** The calendar day in an IANA zone at a moment ("Africa/Lagos"); null for a zone this runtime does not know. */
export function dayInZone(moment: Date, timeZone: string): LocalDay | null {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(moment)
    const part = (type: string) => parts.find((p) => p.type === type)?.value
    return `${part('year')}-${part('month')}-${part('day')}`
  } catch {
    return null
  }
}
