import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { KEPT_AT_ATTRIBUTE, PAGE_DATA_ID } from '@/core/shared/constants'
import { EARLY_TAPS_KEY, LIVE_ATTRIBUTE } from '@/core/shared/live-page'
import type { EarlyTap } from './early-taps'

/**
 * A page the server rendered (docs/decisions/017-server-rendered-pages.md) carries what it was rendered
 * with in this element: the query cache's data, so hydration starts warm, and the day it was rendered for.
 */
export { PAGE_DATA_ID }

/**
 * `reads`: the API reads the page was rendered from (paths), so the worker can keep them on the device: data that came
 * in the HTML never passed through it (docs/decisions/021-keep-by-default.md).
 */
export type PageData = {
  state: DehydratedState
  date: string
  reads?: string[]
  /** When the worker kept this copy of the page on the device (docs/decisions/022-device-first.md); absent on the server's own answer. */
  keptAt?: number
}

let rendered: PageData | null | undefined

/** The data of the page the server rendered, or null when the app started from the bare shell. */
export function renderedPage(): PageData | null {
  if (rendered === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)
    try {
      rendered = element?.textContent ? (JSON.parse(element.textContent) as PageData) : null
      const keptAt = Number(element?.getAttribute(KEPT_AT_ATTRIBUTE))
      if (rendered && keptAt > 0) rendered.keptAt = keptAt
    } catch {
      rendered = null
    }
  }
  return rendered
}

/**
 * Puts the page's data in the cache for hydration. It replaces any copy the device saved of the same query,
 * even a newer one: the first render must be the server's, and the app refreshes what is stale afterwards.
 */
export function takePageData(client: QueryClient, page: PageData): void {
  for (const query of page.state.queries) client.removeQueries({ queryKey: query.queryKey, exact: true })
  hydrate(client, page.state)
}

/** JSON safe inside a `<script>` element: nothing in it can close the element or open a comment. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const never = () => () => {}

/**
 * False while React hydrates a page the server rendered, true once it is the browser's own (at once when
 * the app starts without server markup). What only the device knows (its cookies, its stored data) shows
 * from then on, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

/**
 * A value the device decides (its calendar day, say): while hydrating, the one the server rendered with,
 * so the markup matches; then the device's own.
 */
export function useDeviceValue<T extends string>(device: () => T, server: (page: PageData) => T): T {
  return useSyncExternalStore(never, device, () => {
    const page = renderedPage()
    return page ? server(page) : device()
  })
}

/**
 * Called once the app has taken the page over: from now on React answers taps, and the buttons pressed before
 * (kept by index.html's head script, src/core/shared/head-script.ts) are pressed again, those still on screen
 * and enabled. The code that finds them loads only when there are some (./early-taps.ts).
 */
export async function replayEarlyTaps(): Promise<void> {
  document.documentElement.setAttribute(LIVE_ATTRIBUTE, '')
  const holder = window as unknown as Record<string, unknown[] | undefined>
  // Emptied in place: the head script holds the same list.
  const taps = holder[EARLY_TAPS_KEY]?.splice(0) ?? []
  if (taps.length) await import('./early-taps').then(({ pressAgain }) => pressAgain(taps as EarlyTap[]))
}
