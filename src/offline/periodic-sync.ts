// Apart from ./messages.ts, which the first page's script carries: only the worker and a page's lazy code need these.

/**
 * Periodic Background Sync's tag (Chromium, an installed app): the worker brings the kept packs up to date and the next
 * day's proverbs onto the device while the app is closed (sw/packs.ts). The page registers it when the browser has
 * granted the permission (src/features/proverbs/keeper.ts).
 */
export const PACKS_PERIODIC_TAG = 'owe-packs'
/** How often, at most, the browser is asked to wake the worker for it. */
export const PACKS_PERIODIC_MS = 12 * 60 * 60_000
