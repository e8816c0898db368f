import { useEffect } from 'react'

/** Each page names itself in the tab and for screen readers announcing navigation. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — Òwe` : 'Òwe — African proverbs'
  }, [title])
}
