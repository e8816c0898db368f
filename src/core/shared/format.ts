import { SHORTEN_ABOVE, SHORTEN_KEEP } from './constants'

// Display helpers the first page uses. Prices are written by ./money.ts, numbers in words by ./words.ts and HTML
// stripped by ./text.ts: only later pages load them.

/**
 * Text longer than 35 characters becomes its first 28 characters plus ' ...'
 * (docs/requirements.md#r16-display-helpers).
 */
export function shorten(text: string): string {
  const chars = Array.from(text)
  return chars.length > SHORTEN_ABOVE ? `${chars.slice(0, SHORTEN_KEEP).join('')} ...` : text
}

/**
 * 1234567.5 → "1,234,567.5" (docs/requirements.md#r16-display-helpers: numbers with thousands separators).
 * Written by hand, digit for digit what Intl.NumberFormat('en-US') writes: the first formatter a page makes
 * loads the browser's number data, about 150 ms of a slow phone's main thread while the page starts. Like
 * Intl, it rounds the number as JavaScript writes it (1.005 → "1.01"), half away from zero; numbers written
 * with an exponent (1e21, 1e-7) are left to Intl.
 */
export function formatThousands(n: number, fractionDigits?: number): string {
  const written = String(Math.abs(n))
  if (!Number.isFinite(n) || written.includes('e')) {
    return n.toLocaleString('en-US', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits ?? 20 })
  }
  const [whole, fraction] = roundDecimal(written, fractionDigits ?? 20, fractionDigits ?? 0)
  const sign = n < 0 || Object.is(n, -0) ? '-' : ''
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`
}

/** "1.005" to 2 places → ["1", "01"]: rounds a written decimal, half up, keeping at least `least` places. */
function roundDecimal(written: string, most: number, least: number): [string, string] {
  const [whole, fraction = ''] = written.split('.')
  let digits = whole + fraction.slice(0, most).padEnd(most, '0')
  if (fraction.length > most && fraction[most] >= '5') digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0')
  const kept = digits.slice(digits.length - most).replace(/0+$/, '')
  return [digits.slice(0, digits.length - most) || '0', kept.padEnd(least, '0')]
}

function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * US long date with an ordinal day: "November 21st, 2026" (docs/requirements.md#r16-display-helpers). Reads the
 * calendar date in UTC for ISO dates.
 */
export function formatLongDate(input: Date | string): string {
  const date = typeof input === 'string' ? new Date(input) : input
  if (Number.isNaN(date.getTime())) return ''
  const dateOnly = typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)
  const [y, m, d] = dateOnly
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()]
  return `${MONTHS[m]} ${ordinal(d)}, ${y}`
}

/**
 * The first letters of firstName and lastName, uppercased; empty without both names (docs/requirements.md#r4-profile).
 */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim()
  const last = lastName?.trim()
  if (!first || !last) return ''
  return `${firstLetter(first)}${firstLetter(last)}`.toLocaleUpperCase()
}

/** The first letter as a reader sees it: "Ọ̀" is one letter though it is two or three code points. */
function firstLetter(text: string): string {
  const [segment] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)
  return segment?.segment ?? ''
}

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** How long ago something was saved: "just now", "5 minutes ago", "yesterday", "3 days ago". */
export function formatAge(savedAt: number, now: number): string {
  const elapsed = Math.max(0, now - savedAt)
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [unit, ms] of AGE_UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit)
  }
  return 'just now'
}

/** 1536 → "1.5 KB"; sizes of what the device keeps. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

/** A count in a badge (the bell's unread, Learn's due): past 99 it says "99+". */
export const badgeCount = (n: number): string => (n > 99 ? '99+' : String(n))
