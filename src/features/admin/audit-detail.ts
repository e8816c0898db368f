/**
 * An audit entry's detail (kept as JSON by the server) as lines a person reads: one per changed field,
 * "Status: pending → approved", "Name: Bronze → Bronze plan", "Reason: Already published.". The log keeps
 * entries written over years in several shapes, so any shape reads as something, and never as raw JSON.
 */

const LABELS: Record<string, string> = {
  active: 'Shown',
  alt: 'Text',
  body: 'Message',
  builtIn: 'Comes with Òwe',
  bytes: 'Size',
  correct: 'Right answer',
  duplicates: 'Duplicates',
  email: 'Email',
  ethnicGroupId: 'People',
  file: 'File',
  ids: 'New order',
  imported: 'Imported',
  interpretation: 'Meaning',
  link: 'Link',
  name: 'Name',
  noOfEthnics: 'Peoples',
  note: 'Note',
  options: 'Options',
  proverb: 'Proverb',
  proverbId: 'Published as',
  question: 'Question',
  reached: 'Readers reached',
  reason: 'Reason',
  received: 'Rows received',
  rejected: 'Rejected',
  slug: 'Address',
  source: 'Source',
  status: 'Status',
  subject: 'Subject',
  takenOver: 'Now the admins’ own',
  title: 'Title',
  transliteration: 'English',
  to: 'To',
  type: 'Type',
  unactivatedAccount: 'Account not yet activated',
  url: 'Link',
  via: 'Done with',
}

/** What a bare `{ from, to }` changed, by the action that recorded it. */
const RENAMED_FIELD: Record<string, string> = { 'category.rename': 'Name' }

const MAX_VALUE = 160

/** "ethnicGroupId" → "Ethnic group id", "unit_amount" → "Unit amount", for fields this list does not know. */
function labelOf(key: string): string {
  if (LABELS[key]) return LABELS[key]
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0].toUpperCase() + words.slice(1) : key
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const isRecord = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isChange = (value: unknown): value is { from: Json; to: Json } => isRecord(value) && 'from' in value && 'to' in value

function clip(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1).trimEnd()}…` : text
}

function valueOf(value: Json | undefined, key?: string): string {
  if (value === null || value === undefined || value === '') return 'none'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') {
    if (key === 'bytes') return value < 1024 ? `${value} bytes` : `${Math.round(value / 1024).toLocaleString('en')} KB`
    if (key === 'proverbId') return `proverb #${value}`
    if (key?.endsWith('Id') || key === 'id') return `#${value}`
    return value.toLocaleString('en')
  }
  if (typeof value === 'string') return clip(value)
  if (Array.isArray(value)) return clip(value.map((item) => valueOf(item)).join(', '))
  if (isChange(value)) return `${valueOf(value.from, key)} → ${valueOf(value.to, key)}`
  return clip(
    Object.entries(value)
      .map(([k, v]) => `${labelOf(k).toLowerCase()} ${valueOf(v, k)}`)
      .join(', '),
  )
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b)

/** Before and after, field by field: only what changed, in the order the fields were recorded. */
function diffLines(before: Record<string, Json>, after: Record<string, Json>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return keys.flatMap((key) => {
    const label = labelOf(key)
    if (!(key in after)) return [`${label} was: ${valueOf(before[key], key)}`]
    if (!(key in before)) return [`${label}: ${valueOf(after[key], key)}`]
    return same(before[key], after[key]) ? [] : [`${label}: ${valueOf(before[key], key)} → ${valueOf(after[key], key)}`]
  })
}

function fieldLines(fields: Record<string, Json>): string[] {
  return Object.entries(fields).map(([key, value]) => `${labelOf(key)}: ${valueOf(value, key)}`)
}

function objectLines(action: string, detail: Record<string, Json>): string[] {
  const { before, after, from, to, ...rest } = detail
  // { from, to }: the one thing the action changes (a rename).
  if ('from' in detail && 'to' in detail && !isRecord(from) && !isRecord(to)) {
    const label = RENAMED_FIELD[action] ?? 'Changed'
    return [`${label}: ${valueOf(from)} → ${valueOf(to)}`, ...fieldLines(rest)]
  }
  const extra: Record<string, Json> = { ...rest, ...('from' in detail ? { from } : {}), ...('to' in detail ? { to } : {}) }
  if (isRecord(before)) {
    // { before: {…}, after: {…} }, or { before: {…}, …the same fields now }.
    if (isRecord(after)) return [...diffLines(before, after), ...fieldLines(extra)]
    const now = Object.fromEntries(Object.entries(extra).filter(([key]) => key in before))
    const others = Object.fromEntries(Object.entries(extra).filter(([key]) => !(key in before)))
    return [...diffLines(before, now), ...fieldLines(others)]
  }
  if (before !== undefined && !isRecord(before)) {
    // { before: "old text", question: "new text", … }: the old value of the first text field.
    const [key] = Object.entries(extra).find(([, value]) => typeof value === 'string') ?? []
    if (key) {
      const others = Object.fromEntries(Object.entries(extra).filter(([k]) => k !== key))
      const changed = same(before, extra[key]) ? [] : [`${labelOf(key)}: ${valueOf(before, key)} → ${valueOf(extra[key], key)}`]
      return [...changed, ...fieldLines(others)]
    }
    return [`Before: ${valueOf(before)}`, ...fieldLines(extra)]
  }
  return fieldLines({ ...extra, ...(after !== undefined ? { after } : {}) })
}

/** The lines to show for one entry; none when it recorded no detail. */
export function describeAuditDetail(action: string, detail: string | null): string[] {
  if (detail === null || detail.trim() === '') return []
  let parsed: Json
  try {
    parsed = JSON.parse(detail) as Json
  } catch {
    // Not JSON: an older entry written as plain words.
    return [clip(detail)]
  }
  if (isRecord(parsed)) return objectLines(action, parsed)
  return [valueOf(parsed)]
}
