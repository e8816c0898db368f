/**
 * What the worker's first install fetches (docs/decisions/022-device-first.md): what the first offline visit of any
 * public page needs — the shell and the files at the site's root, the first page's code and styles with what it loads
 * after the first paint, the code of every page the server renders, and the fonts a proverb in its own script draws
 * with. Everything else the build lists is
 * cached as it is used and filled in once the connection is idle (sw/app-cache.ts). Runs at build time (vite.config.ts,
 * on the worker's injected manifest); pure.
 */

/** One file of the worker's manifest as the build writes it; `first` marks the first install's. */
export type AssetEntry = { url: string; revision: string | null; size?: number; first?: boolean }

/** One chunk of Vite's build manifest (`.vite/manifest.json`). */
type ViteChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }

/** A page of the router (loaded when a reader opens it), as opposed to the parts of the frame every page loads later. */
const PAGE_MODULE = /(^|\/)routes(\/|\.tsx?$)|^src\/app\/pages\//

/**
 * The fonts of the first install: Noto Sans's latin, "vietnamese" (Yoruba's stacked tone marks) and the small cut of
 * our alphabets' letters, and Noto Sans Ethiopic — each in the two weights a proverb shows. The rest of latin-ext (letters
 * no proverb of ours uses) is filled in later.
 */
const FIRST_FONTS = /^assets\/noto-sans-(latin|vietnamese|african|ethiopic-ethiopic)-(400|700)[\w-]*\.woff2$/

export function markFirstInstall<T extends AssetEntry>(entries: T[], manifest: Record<string, ViteChunk>, pageModules: string[]): T[] {
  // From the entry and the public pages: what they import, and what they load later (the header's menus, the queues,
  // the worker's registration) — but not the pages of a reader's own, which wait for the idle connection.
  const chunks = new Set<string>()
  const publicPages = new Set(pageModules)
  const reach = (key: string) => {
    if (chunks.has(key) || !manifest[key]) return
    chunks.add(key)
    for (const imported of manifest[key].imports ?? []) reach(imported)
    for (const loaded of manifest[key].dynamicImports ?? []) if (!PAGE_MODULE.test(loaded) || publicPages.has(loaded)) reach(loaded)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) reach(key)
  for (const module of pageModules) reach(module)
  const needed = new Set([...chunks].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]))
  // Files Vite's manifest does not list (the first page's start script) come with the shell that names them.
  const known = new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]))
  return entries.map((entry) => {
    const first =
      !entry.url.includes('/') ||
      needed.has(entry.url) ||
      FIRST_FONTS.test(entry.url) ||
      (entry.url.endsWith('.js') && !known.has(entry.url))
    return first ? { ...entry, first: true } : entry
  })
}
