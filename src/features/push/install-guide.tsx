import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react'
import { INSTALL_GUIDE_SEEN_KEY, shouldShowInstallGuide } from '@/core/shared/platform'
import { platformFacts } from '@/lib/platform'

// Its code and styles load only when it is shown.
const IosInstallGuide = lazy(() => import('./components/ios-install-guide'))

/**
 * The Home Screen guide for Safari on an iPhone or iPad, offered when the reader turns on notifications or the daily
 * reminder: shown once (the first offer there), never in the installed app, never elsewhere (src/core/shared/platform.ts).
 * `offer()` says whether it opened.
 */
export function useInstallGuide(): { offer: () => boolean; guide: ReactNode } {
  const [open, setOpen] = useState(false)
  const offer = useCallback(() => {
    if (!shouldShowInstallGuide(platformFacts(), localStorage.getItem(INSTALL_GUIDE_SEEN_KEY) !== null)) return false
    localStorage.setItem(INSTALL_GUIDE_SEEN_KEY, new Date().toISOString())
    setOpen(true)
    return true
  }, [])
  const guide = open ? (
    <Suspense fallback={null}>
      <IosInstallGuide onClose={() => setOpen(false)} />
    </Suspense>
  ) : null
  return { offer, guide }
}
