import { expect, test } from 'vitest'
import { CALENDAR_DAYS, type LearningSummary } from './contract'
import { shiftDay } from './days'
import { mergeStreak } from './merge'

const TODAY = '2026-11-27'

const summary = (days: string[], streak: Partial<LearningSummary['streak']> = {}): LearningSummary => ({
  today: TODAY,
  streak: { current: 0, best: 0, activeToday: false, lastActiveDay: days.at(-1) ?? null, ...streak },
  days,
  deck: 0,
  due: 0,
})

test('offline, the device’s own days make the streak, today included at once', () => {
  expect(mergeStreak(['2026-11-25', '2026-11-26', TODAY], undefined, TODAY)).toEqual({
    today: TODAY,
    streak: { current: 3, best: 3, activeToday: true, lastActiveDay: TODAY },
    days: ['2026-11-25', '2026-11-26', TODAY],
  })
})

test('days the server has and the device lacks count too: an unsent day today joins the server’s run', () => {
  const server = summary(['2026-11-24', '2026-11-25', '2026-11-26'], { current: 3, best: 3 })
  const merged = mergeStreak([TODAY], server, TODAY)
  expect(merged.streak).toEqual({ current: 4, best: 4, activeToday: true, lastActiveDay: TODAY })
  expect(merged.days).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', TODAY])
})

test('a run longer than the calendar the server sends is kept whole, and the server’s best stands', () => {
  const calendar = Array.from({ length: CALENDAR_DAYS }, (_, i) => shiftDay('2026-11-26', -(CALENDAR_DAYS - 1) + i))
  const server = summary(calendar, { current: 200, best: 250 })
  const merged = mergeStreak([TODAY], server, TODAY)
  expect(merged.streak).toMatchObject({ current: 201, best: 250, activeToday: true })
  // The calendar shows its last CALENDAR_DAYS days only.
  expect(merged.days).toHaveLength(CALENDAR_DAYS)
  expect(merged.days.at(-1)).toBe(TODAY)
})

test('a missed day ends the streak, whoever holds the days', () => {
  const merged = mergeStreak(['2026-11-20'], summary(['2026-11-21', '2026-11-22'], { current: 0, best: 2 }), TODAY)
  expect(merged.streak).toEqual({ current: 0, best: 3, activeToday: false, lastActiveDay: '2026-11-22' })
})
