/** A button pressed early (index.html's head script keeps it): itself, and its name and place among the page's buttons of that name. */
export type EarlyTap = { button: HTMLButtonElement; label: string; index: number }

const nameOf = (button: HTMLButtonElement) => button.getAttribute('aria-label') || button.textContent

/** The button to press again: the same one, or the one in its place by name when the app drew it anew (TAP_LABEL). */
function tapTarget(tap: EarlyTap): HTMLButtonElement | undefined {
  if (tap.button.isConnected) return tap.button
  return [...document.querySelectorAll('button')].filter((button) => nameOf(button) === tap.label)[tap.index]
}

/** Presses again, once each, the buttons pressed before the app took the page over (./server-render.ts replayEarlyTaps). */
export function pressAgain(taps: EarlyTap[]): void {
  for (const tap of taps) {
    const button = tapTarget(tap)
    if (button && !button.disabled) button.click()
  }
}
