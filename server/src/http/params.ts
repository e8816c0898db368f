import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@core/shared/constants'
import { badRequest } from './errors'

type Query = Record<string, unknown>

/** Control characters (NUL above all) are never part of a meaningful value, and PostgreSQL rejects NUL. */
export function hasControlCharacters(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return /[\u0000-\u001f\u007f]/.test(text)
}

function single(query: Query, name: string): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw badRequest(`"${name}" must be given once.`, { [name]: 'Given more than once' })
  if (hasControlCharacters(value)) throw badRequest(`"${name}" contains control characters.`, { [name]: 'Contains control characters' })
  return value
}

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647

/** A row id written in decimal, or undefined when the text is not one (slugs, out-of-range numbers). */
export function parseId(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined
  const id = Number(text)
  return id >= 1 && id <= MAX_ID ? id : undefined
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
