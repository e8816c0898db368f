/**
 * What the worker's first install fetches (docs/decisions/022-device-first.md): the shell and the files at the site's
 * root, all of the app's code and styles — so that every page, a reader's own included, opens offline once the worker
 * controls the page — and the fonts a proverb in its own script draws with. It comes in one request
 * (scripts/install-bundle.mjs), so its cost on a slow line is its bytes, not its number of files. The rest (the icons,
 * the part of latin-ext no proverb of ours uses) is cached as it is used and filled in once the connection is idle
 * (sw/app-cache.ts). Runs at build time (vite.config.ts, on the worker's injected manifest); pure.
 */

/** One file of the worker's manifest as the build writes it; `first` marks the first install's. */
export type AssetEntry = { url: string; revision: string | null; size?: number; first?: boolean }

/**
 * The fonts of the first install: Noto Sans's latin, "vietnamese" (Yoruba's stacked tone marks) and the small cut of
 * our alphabets' letters, and Noto Sans Ethiopic — each in the two weights a proverb shows.
 */
const FIRST_FONTS = /^assets\/noto-sans-(latin|vietnamese|african|ethiopic-ethiopic)-(400|700)[\w-]*\.woff2$/

export function markFirstInstall<T extends AssetEntry>(entries: T[]): T[] {
  return entries.map((entry) =>
    !entry.url.includes('/') || /\.(js|css)$/.test(entry.url) || FIRST_FONTS.test(entry.url) ? { ...entry, first: true } : entry,
  )
}
