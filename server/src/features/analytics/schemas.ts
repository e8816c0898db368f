import * as yup from 'yup'
import { EVENT_BATCH_MAX, EVENT_TYPES, SHARE_METHODS, SIGNUP_STEPS, type AnalyticsEvent, type EventType } from '@core/analytics/contract'
import { ANALYTICS_API_TEXTS as T } from '@core/analytics/texts'
import { cleanText } from '@core/shared/text'

// strict() everywhere: a number sent as text (or the reverse) is a bug of the program that sent it, and
// the collector says so instead of guessing. Unknown fields are refused too (parseBody's 'refuse'). strict()
// also skips transforms, so the words searched are cleaned by the one sanitiser in the service instead.

/** The longest search the app sends: its search box's MAX_QUERY_LENGTH, as the search API takes it. */
export const QUERY_MAX = 200
export const RESULTS_MAX = 1_000_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** ISO 8601 with a date, a time and an offset (what Date.prototype.toISOString writes, and its cousins). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/
/** A route's pattern: never an address with its query or fragment. */
const ROUTE_PATTERN = /^\/[\w.~:/-]{0,199}$/
/** Proverbs' and peoples' slugs are plain ASCII (server/src/db/seed/corpus.ts). */
const SLUG = /^[\w.~-]{1,160}$/
/** A share method, a sign-up step or a plan's name. */
const DETAIL = /^[\w .:-]{1,60}$/
const CURRENCY = /^[A-Z]{3}$/

type Say = (path: string) => string
/** A yup message naming the field by its place in the batch. */
const say =
  (message: Say) =>
  ({ path }: { path: string }) =>
    message(path)

const pattern = (regex: RegExp, message: Say) => yup.string().strict().typeError(say(message)).matches(regex, say(message))

/** The fields an event of each type must carry besides id, type, at and path. */
const NEEDS: Partial<Record<EventType, readonly (keyof AnalyticsEvent)[]>> = {
  proverb_view: ['slug'],
  share: ['slug'],
  search: ['q', 'results'],
  signup_step: ['detail'],
  checkout_start: ['currency'],
  checkout_paid: ['currency'],
}

/** A valid UTC time: the pattern alone lets 2026-02-30 or 25:00 through. */
function isTime(text: string): boolean {
  const time = Date.parse(text)
  if (Number.isNaN(time)) return false
  // The written date must be the one meant (Date.parse rolls 30 February over to March in some engines).
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(text) ?? []
  const probe = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  return probe.getUTCFullYear() === Number(year) && probe.getUTCMonth() === Number(month) - 1 && probe.getUTCDate() === Number(day)
}

const eventSchema = yup
  .object({
    id: pattern(UUID, T.id).required(say(T.id)),
    type: yup.string().strict().typeError(say(T.type)).required(say(T.type)).oneOf(EVENT_TYPES, say(T.type)),
    at: pattern(ISO_TIME, T.at)
      .required(say(T.at))
      .test('time', say(T.at), (value) => value === undefined || isTime(value)),
    path: pattern(ROUTE_PATTERN, T.path).required(say(T.path)),
    slug: pattern(SLUG, T.slug).optional(),
    q: yup
      .string()
      .strict()
      .typeError(say(T.q))
      .max(QUERY_MAX, say(T.q))
      .test('words', say(T.q), (value) => value === undefined || cleanText(value) !== '')
      .optional(),
    results: yup
      .number()
      .strict()
      .typeError(say(T.results))
      .integer(say(T.results))
      .min(0, say(T.results))
      .max(RESULTS_MAX, say(T.results))
      .optional(),
    ethnic: pattern(SLUG, T.slug).optional(),
    detail: pattern(DETAIL, T.detail).optional(),
    currency: pattern(CURRENCY, T.currency).optional(),
  })
  .strict()
  .typeError(say(T.event))
  .noUnknown(({ path, unknown }: { path: string; unknown: string }) => T.unknownField(path, unknown))
  .test('fields of its type', function (event) {
    if (!event?.type || !(EVENT_TYPES as readonly string[]).includes(event.type)) return true
    const type = event.type as EventType
    const missing = (NEEDS[type] ?? []).find((field) => event[field] === undefined)
    if (missing) return this.createError({ path: `${this.path}.${missing}`, message: T.needs(this.path, type, missing) })
    if (type === 'signup_step' && !(SIGNUP_STEPS as readonly string[]).includes(event.detail ?? ''))
      return this.createError({ path: `${this.path}.detail`, message: T.signupStep(`${this.path}.detail`) })
    if (type === 'share' && event.detail !== undefined && !(SHARE_METHODS as readonly string[]).includes(event.detail))
      return this.createError({ path: `${this.path}.detail`, message: T.shareMethod(`${this.path}.detail`) })
    return true
  })

/** POST /api/events: `{ events }`, 1 to EVENT_BATCH_MAX of them. */
export const eventBatchSchema = yup
  .object({
    events: yup
      .array()
      .strict()
      .typeError(T.batch)
      .required(T.batch)
      .min(1, T.batchEmpty)
      .max(EVENT_BATCH_MAX, T.batchTooLarge)
      .of(eventSchema),
  })
  .strict()
  .noUnknown(T.batch)
