import { expect, test } from 'vitest'
import { ANALYTICS_API_TEXTS as T } from '@core/analytics/texts'
import { HttpError } from '../../../http/errors'
import { insightsRange } from './range'

const now = new Date('2026-11-25T10:00:00Z')

function refusal(query: Record<string, unknown>): HttpError {
  try {
    insightsRange(query, now)
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error(`${JSON.stringify(query)} was not refused`)
}

test('by default the last 30 days, today included; "to" alone ends them there', () => {
  expect(insightsRange({}, now)).toEqual({ from: '2026-10-27', to: '2026-11-25' })
  expect(insightsRange({ to: '2026-03-01' }, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' })
  expect(insightsRange({ from: '2026-11-25', to: '2026-11-25' }, now)).toEqual({ from: '2026-11-25', to: '2026-11-25' })
})

test('a range of up to 366 days is taken, a longer one refused', () => {
  expect(insightsRange({ from: '2027-01-01', to: '2027-12-31' }, now)).toEqual({ from: '2027-01-01', to: '2027-12-31' })
  expect(insightsRange({ from: '2028-01-01', to: '2028-12-31' }, now)).toEqual({ from: '2028-01-01', to: '2028-12-31' })
  const tooLong = refusal({ from: '2025-11-24', to: '2026-11-25' })
  expect(tooLong.statusCode).toBe(400)
  expect(tooLong.message).toBe(T.insightsRange)
})

test('"from" after "to", or a date that is not one, is a 400 with a message', () => {
  expect(refusal({ from: '2026-11-26', to: '2026-11-25' }).message).toBe(T.insightsOrder)
  expect(refusal({ from: '2026-02-30' }).message).toBe('"from" must be a date written YYYY-MM-DD.')
  expect(refusal({ to: 'yesterday' }).message).toBe('"to" must be a date written YYYY-MM-DD.')
  expect(refusal({ from: ['2026-11-01', '2026-11-02'] }).statusCode).toBe(400)
})
