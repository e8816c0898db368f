// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { ActivityCalendar, calendarRows } from './activity-calendar'

afterEach(cleanup)

// Friday November 27th, 2026: the 120 days run from Friday July 31st.
const TODAY = '2026-11-27'
const ACTIVE = ['2026-07-31', '2026-11-20', '2026-11-26', '2026-11-27']

const named = (cell: HTMLElement) => cell.textContent

test('the last 120 days as weeks: a column a week from Monday, the days outside left empty', () => {
  const rows = calendarRows(TODAY, ACTIVE)
  expect(rows).toHaveLength(7)
  // July 27th (a Monday) to November 29th (a Sunday): 18 weeks.
  expect(rows.every((row) => row.length === 18)).toBe(true)
  expect(rows.flat().filter(Boolean)).toHaveLength(120)
  // Monday to Thursday of the first week come before the first day; Saturday and Sunday of the last after today.
  expect(rows.map((row) => row[0]?.day ?? null)).toEqual([null, null, null, null, '2026-07-31', '2026-08-01', '2026-08-02'])
  expect(rows.map((row) => row[17]?.day ?? null)).toEqual([
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    null,
    null,
  ])
  expect(rows[4][17]).toEqual({ day: '2026-11-27', active: true, today: true })
  expect(rows[4][0]).toEqual({ day: '2026-07-31', active: true, today: false })
})

test('each day is a cell named by its date and whether it counted; today is marked; rows are weekdays', () => {
  render(<ActivityCalendar today={TODAY} days={ACTIVE} />)
  const table = screen.getByRole('table', { name: 'Active days, last 120 days' })
  const days = within(table)
    .getAllByRole('cell')
    .filter((cell) => cell.textContent)
  expect(days).toHaveLength(120)
  expect(within(table).getByRole('cell', { name: 'November 27th, 2026 (today): active' }).className).toBe(
    'activity-calendar__day activity-calendar__day--active activity-calendar__day--today',
  )
  expect(named(within(table).getByRole('cell', { name: 'November 26th, 2026: active' }))).toBe('November 26th, 2026: active')
  expect(within(table).getByRole('cell', { name: 'November 25th, 2026: not active' }).className).toBe('activity-calendar__day')
  expect(within(table).getByRole('cell', { name: 'July 31st, 2026: active' })).toBeTruthy()
  expect(within(table).queryByRole('cell', { name: /July 30th, 2026/ })).toBeNull()
  expect(within(table).queryByRole('cell', { name: /November 28th, 2026/ })).toBeNull()
  expect(days.filter((cell) => cell.className.includes('--active'))).toHaveLength(4)
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((header) => header.textContent),
  ).toEqual(['MMonday', 'Tuesday', 'WWednesday', 'Thursday', 'FFriday', 'Saturday', 'SSunday'])
  // The November 27th cell sits in the Friday row.
  expect(
    within(table)
      .getByRole('cell', { name: /November 27th/ })
      .closest('tr')!
      .querySelector('th')!.textContent,
  ).toBe('FFriday')
})
