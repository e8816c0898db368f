import * as yup from 'yup'
import { LEARNING_API_TEXTS as T } from '@core/learning/api-texts'
import { GRADES, LEARNING_BATCH_MAX, LEARNING_KINDS, type LearningKind } from '@core/learning/contract'
import { MAX_ID } from '../../http/params'

// strict() everywhere, and unknown fields refused (parseBody's 'refuse'): the body is written by the app's
// own code, so a number sent as text or a field the contract lacks is a bug to report, not to guess at.

/** crypto.randomUUID()'s form: lower case, so every device sorts two entries of one millisecond alike. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A time exactly as Date.prototype.toISOString() writes it. The replay orders entries by comparing these
 * strings, so every device and the server must hold the one spelling of a moment (not +01:00, not no
 * milliseconds), and the server hands back what it was sent.
 */
export function isCanonicalTime(text: string): boolean {
  const time = Date.parse(text)
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text) && !Number.isNaN(time) && new Date(time).toISOString() === text
}

/** A calendar day that exists (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`)
  return ISO_DAY.test(text) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text
}

type Say = (path: string) => string
const say =
  (message: Say) =>
  ({ path }: { path: string }) =>
    message(path)

const text = (message: Say) => yup.string().strict().typeError(say(message))
const whole = (message: Say, min: number, max: number) =>
  yup.number().strict().typeError(say(message)).integer(say(message)).min(min, say(message)).max(max, say(message))

type Field = 'proverbId' | 'batchId' | 'grade'
/** The fields each kind carries besides id, kind, at, day and offset (the contract's LearningEntry). */
const FIELDS_OF: Record<LearningKind, readonly Field[]> = {
  read: ['proverbId'],
  quiz: ['batchId'],
  add: ['proverbId'],
  remove: ['proverbId'],
  review: ['proverbId', 'grade'],
}
const FIELDS: readonly Field[] = ['proverbId', 'batchId', 'grade']

const entrySchema = yup
  .object({
    id: text(T.id).required(say(T.id)).matches(UUID, say(T.id)),
    kind: text(T.kind).required(say(T.kind)).oneOf(LEARNING_KINDS, say(T.kind)),
    at: text(T.at)
      .required(say(T.at))
      .test('time', say(T.at), (value) => value === undefined || isCanonicalTime(value)),
    day: text(T.day)
      .required(say(T.day))
      .test('day', say(T.day), (value) => value === undefined || isCalendarDay(value)),
    // Any whole number: an offset no zone has is refused for that entry alone, like a day that does not match.
    offset: whole(T.offset, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER).required(say(T.offset)),
    proverbId: whole(T.proverbId, 1, MAX_ID).optional(),
    batchId: whole(T.batchId, 1, MAX_ID).optional(),
    grade: whole(T.grade, GRADES[0], GRADES.at(-1)!).optional(),
  })
  .strict()
  .typeError(say(T.entry))
  .noUnknown(({ path, unknown }: { path: string; unknown: string }) => T.unknownField(path, unknown))
  .test('fields of its kind', function (entry) {
    if (!entry?.kind || !(LEARNING_KINDS as readonly string[]).includes(entry.kind)) return true
    const kind = entry.kind as LearningKind
    const needed = FIELDS_OF[kind]
    const missing = needed.find((field) => entry[field] === undefined)
    if (missing) return this.createError({ path: `${this.path}.${missing}`, message: T.needs(this.path, kind, missing) })
    const foreign = FIELDS.find((field) => !needed.includes(field) && entry[field] !== undefined)
    if (foreign) return this.createError({ path: `${this.path}.${foreign}`, message: T.notOfKind(this.path, kind, foreign) })
    return true
  })

/** POST /api/learning/log: `{ entries }`, 1 to LEARNING_BATCH_MAX of them. */
export const learningBatchSchema = yup
  .object({
    entries: yup
      .array()
      .strict()
      .typeError(T.batch)
      .required(T.batch)
      .min(1, T.batchEmpty)
      .max(LEARNING_BATCH_MAX, T.batchTooLarge)
      .of(entrySchema),
  })
  .strict()
  .noUnknown(T.batch)
