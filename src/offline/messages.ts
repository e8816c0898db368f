import type { EthnicGroup } from '../core/contract'

/** What the page and the worker say to each other (no code, no idb: safe for the first paint). */

/** Responses answered from this device carry this header: when the record was saved (ISO 8601). */
export const OFFLINE_HEADER = 'X-Owe-Offline'
/** Every answer from this device carries `X-Owe-Source: device` (also a current copy answered first). */
export const SOURCE_HEADER = 'X-Owe-Source'

/** Page → worker. The token travels only with a command and is never stored. */
export type PackCommand =
  | { type: 'PACK_DOWNLOAD'; userId: number; group: EthnicGroup; token: string }
  | { type: 'PACKS_REFRESH'; userId: number; token: string }

/** Worker (or page) → every open page, on a BroadcastChannel. */
export const PACKS_CHANNEL = 'owe-packs'
export type PacksChanged = { type: 'packs-changed'; userId: number; groupId: number }
