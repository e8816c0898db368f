// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { EVENT_TYPES } from '@/core/analytics/contract'
import { COUNTED_EVENTS } from '@/core/analytics/texts'
import { PrivacyRoute } from './routes'

afterEach(cleanup)

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!

test('the privacy policy lists every event that is counted, in plain words', () => {
  render(<PrivacyRoute />)
  const items = within(section('What we count')).getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual(EVENT_TYPES.map((type) => COUNTED_EVENTS[type]))
  expect(items).toHaveLength(11)
})

test('it says how counting stays anonymous: no cookie or identifier, a daily secret thrown away, Do Not Track and GPC, offline counts, how long', () => {
  render(<PrivacyRoute />)
  const text = section('How counting stays anonymous').textContent
  expect(text).toContain('No cookie and no identifier is stored for counting')
  expect(text).toContain('a secret that changes every day')
  expect(text).toContain('The secret is thrown away with its day')
  expect(text).toContain('Your address and your browser’s name are never stored.')
  expect(text).toContain('If your browser sends Do Not Track or Global Privacy Control, Òwe counts nothing at all.')
  expect(text).toContain('are sent when you are back online, each with the time it happened')
  expect(text).toContain('We keep the individual counts for 30 days')
  expect(text).toContain('then only the totals for each day')
  // What was there stays: the cookies, and no third-party trackers.
  expect(section('Cookies').textContent).toContain('Òwe uses two cookies, both its own.')
  expect(section('No trackers').textContent).toContain('Òwe has no third-party trackers.')
})
