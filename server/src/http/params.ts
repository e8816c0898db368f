import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../src/core/constants'
import { badRequest } from './errors'

type Query = Record<string, unknown>

function single(query: Query, name: string): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw badRequest(`"${name}" must be given once.`, { [name]: 'Given more than once' })
  return value
}

/** A positive integer no larger than max, or the fallback when absent. */
export function positiveInt(query: Query, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = single(query, name)
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw badRequest(`"${name}" must be a whole number from 1 to ${max}.`, { [name]: `Must be a whole number from 1 to ${max}` })
  }
  return Number(raw)
}

export function paging(query: Query): { page: number; size: number } {
  return { page: positiveInt(query, 'page', 1), size: positiveInt(query, 'size', PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX) }
}

export function optionalString(query: Query, name: string, maxLength = 200): string | undefined {
  const raw = single(query, name)
  if (raw === undefined) return undefined
  if (raw.length > maxLength) throw badRequest(`"${name}" is too long.`, { [name]: `At most ${maxLength} characters` })
  return raw.trim() || undefined
}

/** A calendar date YYYY-MM-DD; defaults to today's date in UTC. */
export function calendarDate(query: Query, name: string, now: Date): string {
  const raw = single(query, name)
  if (raw === undefined || raw === '') return now.toISOString().slice(0, 10)
  const parsed = new Date(`${raw}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== raw) {
    throw badRequest(`"${name}" must be a date written YYYY-MM-DD.`, { [name]: 'Must be a date written YYYY-MM-DD' })
  }
  return raw
}
