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
export type PackCommand = PackDownloadCommand | KeepPacksCommand
/** Page → worker (or the page itself, with no worker): keep this people, at the reader's tap. */
export type PackDownloadCommand = { type: 'PACK_DOWNLOAD'; userId: number; group: EthnicGroup; token: string }

/**
 * Page → worker: keep the peoples of the reader's plan (src/offline/pack-keeping.ts) — packs of peoples no longer in it
 * go; with `download`, the plan's other peoples are downloaded and kept packs brought up to date, except those the
 * reader removed (`declined`). The page says `download: false` on a metered connection until the reader agrees.
 */
export type KeepPacksCommand = { type: 'KEEP_PACKS'; userId: number; token: string; download: boolean; declined: number[] }
/** Worker → the page that asked: it started keeping these peoples (the page then asks for persistent storage). */
export type PacksKeepingNotice = { type: 'PACKS_KEEPING'; userId: number; groupIds: number[] }
/**
 * Page → worker: keep these public reads on the device (the worker asks the server for what it does not hold): home's
 * for the reader's day, and what a page the server rendered brought in its HTML, which never passed the worker.
 */
export type KeepReadsCommand = { type: 'KEEP_READS'; urls: string[] }

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
