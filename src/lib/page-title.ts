import { useEffect } from 'react'
import { pageTitle } from '@/core/shared/pages'

/**
 * Each page names itself in the tab and for screen readers announcing navigation. `undefined` gives the
 * app's own title; `null` leaves the title to the page's own content (the search route does that).
 */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    if (title === null) return
    document.title = pageTitle(title)
  }, [title])
}
