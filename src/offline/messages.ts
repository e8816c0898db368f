import type { AnalyticsEvent } from '../core/analytics/contract'
import type { EthnicGroup } from '../core/proverbs/contract'

/** What the page and the worker say to each other (no code, no idb: safe for the first paint). */

/** Responses answered from this device carry this header: when the record was saved (ISO 8601). */
export const OFFLINE_HEADER = 'X-Owe-Offline'
/** Every answer from this device carries `X-Owe-Source: device` (also a current copy answered first). */
export const SOURCE_HEADER = 'X-Owe-Source'

/**
 * What a list or search answered from this device holds, beside the page of results (`device`): how many
 * proverbs of the people searched (of every people when none) are on the device, and how many exist.
 */
export type DeviceCoverage = {
  held: number
  /** The people's proverb count when the device knows it (its groups list is stored). */
  total: number | null
  /** The people searched, or null for all peoples. */
  group: { id: number; slug: string; name: string } | null
}

/** Page → worker. The token travels only with a command and is never stored. */
export type PackCommand =
  { type: 'PACK_DOWNLOAD'; userId: number; group: EthnicGroup; token: string } | { type: 'PACKS_REFRESH'; userId: number; token: string }

/** Worker (or page) → every open page, on a BroadcastChannel. */
export const PACKS_CHANNEL = 'owe-packs'
export type PacksChanged = { type: 'packs-changed'; userId: number; groupId: number }

/**
 * The quiz answer outbox (src/offline/outbox.ts): one name for the Web Lock the page and the worker
 * drain under, the Background Sync tag and the BroadcastChannel announcing changes. A page also hears
 * its own changes through a window event of this name.
 */
export const OUTBOX_CHANNEL = 'owe-outbox'
export const OUTBOX_LOCK = 'owe-outbox'
export const OUTBOX_SYNC_TAG = 'owe-outbox'
export type OutboxChanged = { type: 'outbox-changed'; userId: number; batchId: number }

/** Page → worker: send what the outbox holds now (the token is checked against the owner, never stored). */
export type DrainOutboxCommand = {
  type: 'DRAIN_OUTBOX'
  token?: string
  /** The connection just came back: send what is backing off now. */ retryNow?: boolean
}
/**
 * Page → worker at sign-out: forget the token a page's command left in the worker's memory. The owner
 * record leaves the device a moment later (src/lib/device-data.ts); until then a sync event must not
 * send the signed-out user's answers with the token they just gave up.
 */
export type SignedOutNotice = { type: 'SIGNED_OUT' }
/** Worker → the page that asked: entries wait for a retry at `retryAt` (the page sets a timer). */
export type OutboxRetryNotice = { type: 'OUTBOX_RETRY'; retryAt: number }

/**
 * Page → worker: keep these analytics events and send them when online (src/offline/analytics.ts).
 * `events` may be empty: `retryNow` alone (sent when the browser is back online) asks the worker to send
 * what waits, even while it pauses after a failure.
 */
export type AnalyticsCommand = { type: 'ANALYTICS'; events: AnalyticsEvent[]; retryNow?: boolean }
