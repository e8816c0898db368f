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
 * The device's queues (src/offline/queue.ts): what a reader does that the server must hear, kept here first and
 * sent exactly once. Each queue's name is also its Web Lock, its Background Sync tag (`owe-<name>`) and what its
 * changes are announced under on QUEUE_CHANNEL.
 */
export type QueueName = 'outbox' | 'learning' | 'analytics' | 'marks' | 'forms'
/** The BroadcastChannel announcing a queue's changes, to every page and the worker (the page that made one too). */
export const QUEUE_CHANNEL = 'owe-queue'
/**
 * A queue's entries changed for a user (0: nobody's: analytics, a visitor's forms): `refused`, the server refused some
 * just now and said this; `sentOnly`, nothing kept changed: some were sent, or sending started or stopped failing
 * (what waits, and whether it can go, is all a page may redraw).
 */
export type QueueChanged = { type: 'queue-changed'; queue: QueueName; userId: number; refused?: string; sentOnly?: true }

/**
 * Page → worker: send what a queue holds (every queue when none is named). The token is checked against the owner
 * and kept in memory only while the worker lives; `retryNow`: the connection just came back, so what backs off goes
 * now; `add`: entries the page hands over to keep first (analytics events: the page's script never loads idb).
 */
export type QueueCommand = { type: 'QUEUE_SEND'; queue?: QueueName; token?: string; retryNow?: boolean; add?: unknown[] }
/**
 * Worker → the page that asked: the queue is tried again in `inMs` (after a failure — `failed`: the server could not
 * be reached or asked to wait — or for entries waiting for the server's clock); the page sets a timer, as the worker
 * may be stopped by then. A delay, not a time: the page's timer is right
 * whatever its clock says.
 */
export type QueueRetryNotice = { type: 'QUEUE_RETRY'; queue: QueueName; inMs: number; failed: boolean }
/**
 * Page → worker at sign-out: forget the token a page's command left in the worker's memory. The owner
 * record leaves the device a moment later (src/lib/device-data.ts); until then a sync event must not
 * send the signed-out user's entries with the token they just gave up.
 */
export type SignedOutNotice = { type: 'SIGNED_OUT' }
