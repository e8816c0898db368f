import { expect, test } from 'vitest'
import type { LearningEntry } from './contract'
import { dayAtOffset, dayInZone, dayMatches, localDayOf, shiftDay } from './days'
import { activeDays, streakOf } from './streak'

test('a run of days up to today is the current streak; the longest run is the best', () => {
  const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-20', '2026-11-21', '2026-11-22']
  expect(streakOf(days, '2026-11-22')).toEqual({ current: 3, best: 4, activeToday: true, lastActiveDay: '2026-11-22' })
})

test('with nothing yet today the streak is still alive from yesterday; a day missed ends it', () => {
  const days = ['2026-11-20', '2026-11-21']
  expect(streakOf(days, '2026-11-22')).toEqual({ current: 2, best: 2, activeToday: false, lastActiveDay: '2026-11-21' })
  expect(streakOf(days, '2026-11-23')).toEqual({ current: 0, best: 2, activeToday: false, lastActiveDay: '2026-11-21' })
  expect(streakOf([], '2026-11-23')).toEqual({ current: 0, best: 0, activeToday: false, lastActiveDay: null })
})

test('days count once, in any order, across months and a leap day', () => {
  expect(streakOf(['2028-03-01', '2028-02-28', '2028-02-29', '2028-02-29'], '2028-03-01').current).toBe(3)
  expect(streakOf(['2026-12-31', '2027-01-01'], '2027-01-02').current).toBe(2)
})

test('after flying west, a day already counted later than today’s date keeps the streak running', () => {
  // Read in Lagos on the 28th, landed in Toronto where it is still the 27th.
  expect(streakOf(['2026-11-26', '2026-11-27', '2026-11-28'], '2026-11-27')).toMatchObject({ current: 3, activeToday: true })
})

test('reading, reviewing and a finished quiz make a day active; shaping the deck does not', () => {
  const entry = (kind: LearningEntry['kind'], day: string) => ({ kind, day })
  expect(
    activeDays([
      entry('add', '2026-11-01'),
      entry('remove', '2026-11-02'),
      entry('read', '2026-11-03'),
      entry('quiz', '2026-11-04'),
      entry('review', '2026-11-04'),
    ]),
  ).toEqual(['2026-11-03', '2026-11-04'])
})

test('an activity’s day is its calendar day at the offset the device had then', () => {
  expect(dayAtOffset('2026-11-27T23:30:00.000Z', 60)).toBe('2026-11-28') // Lagos, half past midnight
  expect(dayAtOffset('2026-11-28T03:00:00.000Z', -300)).toBe('2026-11-27') // Toronto, ten at night
  expect(dayMatches({ at: '2026-11-27T23:30:00.000Z', day: '2026-11-28', offset: 60 })).toBe(true)
  expect(dayMatches({ at: '2026-11-27T23:30:00.000Z', day: '2026-11-27', offset: 60 })).toBe(false)
  expect(dayMatches({ at: '2026-11-27T12:00:00.000Z', day: '2026-11-28', offset: 15 * 60 })).toBe(false)
  expect(dayMatches({ at: '2026-11-27T12:00:00.000Z', day: '2026-11-27', offset: 0.5 })).toBe(false)
  expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
})

test('the device’s own day and offset agree with each other', () => {
  const moment = new Date('2026-06-15T22:45:00.000Z')
  const { day, offset } = localDayOf(moment)
  expect(dayAtOffset(moment.toISOString(), offset)).toBe(day)
  expect(dayInZone(moment, 'Africa/Lagos')).toBe('2026-06-15')
  expect(dayInZone(moment, 'Asia/Tokyo')).toBe('2026-06-16')
  expect(dayInZone(moment, 'Not/A_Zone')).toBeNull()
})
