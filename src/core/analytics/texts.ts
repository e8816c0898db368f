import { EVENT_BATCH_MAX, EVENT_FUTURE_SKEW_MS, EVENT_TYPES, SHARE_METHODS, SIGNUP_STEPS } from './contract'

/** The most days the console's Insights cover at once. */
export const INSIGHTS_MAX_DAYS = 366

/**
 * What the collector (POST /api/events) and the Insights call answer when they refuse a request. An event's
 * message names it by its place in the batch (`events[3].type`), so a developer finds it at once.
 */
export const ANALYTICS_API_TEXTS = {
  batch: 'Send { "events": [...] }: a list of events and nothing else.',
  batchEmpty: 'The batch has no events.',
  batchTooLarge: `A batch holds at most ${EVENT_BATCH_MAX} events.`,
  event: (path: string) => `${path} must be an object.`,
  unknownField: (path: string, fields: string) => `${path} has a field the collector does not take: ${fields}.`,
  id: (path: string) => `${path} must be a UUID (crypto.randomUUID()).`,
  type: (path: string) => `${path} must be one of ${EVENT_TYPES.join(', ')}.`,
  at: (path: string) => `${path} must be a time written in ISO 8601, e.g. 2026-11-25T10:30:00.000Z.`,
  path: (path: string) => `${path} must be a route pattern such as /quiz/:batchId: a slash, at most 200 characters, no query.`,
  slug: (path: string) => `${path} must be a slug of 1 to 160 letters A to Z, digits and - _ . ~.`,
  q: (path: string) => `${path} must be the words searched, 1 to 200 characters.`,
  results: (path: string) => `${path} must be a whole number from 0 to 1,000,000.`,
  detail: (path: string) => `${path} must be 1 to 60 letters A to Z, digits, spaces and - _ . :.`,
  currency: (path: string) => `${path} must be a currency code of three capital letters, e.g. USD.`,
  needs: (path: string, type: string, field: string) => `${path}: a ${type} event needs ${field}.`,
  signupStep: (path: string) => `${path} must be a sign-up step: ${SIGNUP_STEPS.join(', ')}.`,
  shareMethod: (path: string) => `${path} must be how the proverb was shared: ${SHARE_METHODS.join(' or ')}.`,
  future: (id: string) =>
    `Event ${id} is dated more than ${EVENT_FUTURE_SKEW_MS / 60_000} minutes after the server's clock, so the batch was not stored. Check the device's date and time.`,
  insightsOrder: '"from" must not be after "to".',
  insightsRange: `Insights cover at most ${INSIGHTS_MAX_DAYS} days at once; choose a shorter range.`,
} as const
