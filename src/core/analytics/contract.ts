/**
 * Page-view analytics that identify no one (docs/requirements.md#r17-analytics): what the app records,
 * how it travels to the collector, and what the console's Insights read. No cookies, no stored
 * identifiers; the server keeps no address or user agent, only a visitor hash that is thrown away with
 * its day's secret. Shared by the app, the worker and the server.
 */

import { FUTURE_SKEW_MS } from '../http/contract'

/** What is counted. */
export const EVENT_TYPES = [
  'page_view',
  'proverb_view',
  'search',
  'share',
  'install',
  'push_opt_in',
  'quiz_start',
  'quiz_finish',
  'signup_step',
  'checkout_start',
  'checkout_paid',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/**
 * The sign-up wizard's steps as the funnel counts them: each wizard step reached (1–5: about you, account,
 * plan, languages, review), the account made, and the account activated from the email's link.
 */
export const SIGNUP_STEPS = ['1', '2', '3', '4', '5', 'submitted', 'activated'] as const
export type SignupStep = (typeof SIGNUP_STEPS)[number]

/** How a proverb was shared. */
export const SHARE_METHODS = ['link', 'image'] as const

/**
 * One thing that happened, as the device records it. Only the fields its type names are set; the server
 * refuses unknown fields and wrong types.
 */
export type AnalyticsEvent = {
  /** Made on the device (crypto.randomUUID): the server keeps each event once, however often it arrives. */
  id: string
  type: EventType
  /** When it happened, on the device's clock (ISO 8601): an event made offline keeps its own time. */
  at: string
  /** The route's pattern ('/', '/search_result', '/quiz/:batchId'), never the address with its query. */
  path: string
  /** proverb_view and share, and a page_view of a proverb's page: the proverb's slug. */
  slug?: string
  /** search, and a page_view of a search: the words searched, trimmed (at most MAX_QUERY_LENGTH, src/core/shared/constants.ts). */
  q?: string
  /** search: how many proverbs it found. */
  results?: number
  /** A people's page or a search within one people: the people's slug. */
  ethnic?: string
  /** share: a SHARE_METHODS value; signup_step: a SIGNUP_STEPS value; checkout_*: the plan's name. */
  detail?: string
  /** checkout_start and checkout_paid: the currency (ISO 4217, e.g. USD, NGN). */
  currency?: string
}

/** The collector takes at most this many events a request; the app sends batches of at most EVENT_BATCH_SIZE. */
export const EVENT_BATCH_MAX = 50
export const EVENT_BATCH_SIZE = 20
/**
 * An event dated later than this past the server's clock makes its batch a 400 coded CLOCK_AHEAD (a device clock
 * far ahead): the device keeps it and sends it once the server's clock has caught up.
 */
export const EVENT_FUTURE_SKEW_MS = FUTURE_SKEW_MS

/** POST body of the collector. */
export type EventBatch = { events: AnalyticsEvent[] }
/** Its answer (202): how many were new, already held (sent before), or not to be counted (too old, or past the day's allowance of the visitor or address). */
export type EventBatchResult = { accepted: number; duplicates: number; stale: number }

/** The console's Insights for a date range (UTC calendar days, inclusive). */
export type InsightsDay = {
  day: string
  visitors: number
  pageViews: number
  proverbViews: number
  searches: number
  shares: number
  installs: number
  pushOptIns: number
  quizStarts: number
  quizFinishes: number
}
export type Insights = {
  from: string
  to: string
  days: InsightsDay[]
  topProverbs: { slug: string; proverb: string | null; views: number }[]
  topGroups: { slug: string; name: string | null; views: number }[]
  topSearches: { q: string; searches: number; results: number }[]
  /** The corpus's to-do list: searches that found nothing, most made first. */
  zeroResultSearches: { q: string; searches: number; lastDay: string }[]
  signupFunnel: { step: SignupStep; count: number }[]
  checkouts: { day: string; currency: string; started: number; paid: number }[]
  /**
   * From the payments the server settled (not from events): count and amount per day and currency; the amount in
   * the currency's own unit (dollars, naira), as the console's payments list shows amounts.
   */
  revenue: { day: string; currency: string; payments: number; amount: number }[]
}
