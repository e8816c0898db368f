/**
 * The installed app's badge (the Badging API: Chromium's installed apps, Safari's Home Screen apps): the reader's
 * unread messages and the cards due in their deck. The server counts it into every push (the worker sets it as the
 * push arrives, sw/push.ts) and the page sets it whenever either count changes (src/lib/app-badge.ts).
 */

export const appBadgeCount = (counts: { unread: number; due: number }): number => counts.unread + counts.due

/** navigator's Badging API, where the browser has it (in a window or a worker). */
export type BadgeNavigator = {
  setAppBadge?: (count?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/**
 * Shows `count` on the app's icon, or clears it at 0; nothing where the browser has no badges. A browser may refuse
 * (an app that is not installed, no notification permission): the badge is an extra, so that is only logged.
 */
export async function applyAppBadge(navigator: BadgeNavigator | undefined, count: number | undefined): Promise<void> {
  if (count === undefined || !navigator?.setAppBadge) return
  try {
    if (count > 0) await navigator.setAppBadge(count)
    else await navigator.clearAppBadge?.()
  } catch (error) {
    console.warn('The app badge was not set', error)
  }
}
