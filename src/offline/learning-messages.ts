/**
 * What the page and the worker say to each other about a reader's learning log (src/offline/learning.ts); no
 * code, no idb. Apart from messages.ts, which the first page's script carries: only the pages that record or
 * count learning need these names.
 */

/** The BroadcastChannel announcing that a reader's log changed (a page also hears its own changes through a window event of this name). */
export const LEARNING_CHANNEL = 'owe-learning'
/** The Background Sync tag the worker sends and pulls on. */
export const LEARNING_SYNC_TAG = 'owe-learning'
export type LearningChanged = { type: 'learning-changed'; userId: number }
/** Page → worker: send the log and pull what other devices sent (the token is checked against the owner, never stored). */
export type SyncLearningCommand = {
  type: 'SYNC_LEARNING'
  token?: string
  /** The connection just came back: try now even while backing off. */ retryNow?: boolean
}
/**
 * Worker → the page that asked: the log is tried again in `inMs` (the page sets a timer). A delay, not a time:
 * the page keeps its timer right whatever its clock says. `retryAt` too, the same moment by the worker's clock,
 * for a page of the version before, which reads only that.
 */
export type LearningRetryNotice = { type: 'LEARNING_RETRY'; inMs: number; retryAt: number }
