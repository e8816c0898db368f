import { expect, test } from 'vitest'
import { REMINDER_TIME_MESSAGE, reminderInput, reminderTimeError } from './reminder'

test('a reminder that is on needs a 24-hour time; one that is off needs none', () => {
  expect(reminderTimeError(true, '07:30')).toBeNull()
  expect(reminderTimeError(true, '23:59')).toBeNull()
  expect(reminderTimeError(true, '07:30:00')).toBeNull()
  expect(reminderTimeError(true, '')).toBe(REMINDER_TIME_MESSAGE)
  expect(reminderTimeError(true, '24:00')).toBe(REMINDER_TIME_MESSAGE)
  expect(reminderTimeError(true, '7:30')).toBe(REMINDER_TIME_MESSAGE)
  expect(reminderTimeError(false, '')).toBeNull()
  expect(reminderTimeError(true, '  ')).toBe(REMINDER_TIME_MESSAGE)
})

test('what is saved: hours and minutes in the browser’s zone, or no time at all', () => {
  expect(reminderInput(true, '07:30:00', 'Africa/Lagos')).toEqual({ time: '07:30', timeZone: 'Africa/Lagos' })
  expect(reminderInput(false, '07:30', 'Africa/Lagos')).toEqual({ time: null, timeZone: 'Africa/Lagos' })
})
