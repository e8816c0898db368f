import type { PlatformFacts } from '@/core/shared/platform'

/** This browser's facts for the rules in src/core/shared/platform.ts. */
export function platformFacts(): PlatformFacts {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true
  return { userAgent: navigator.userAgent, vendor: navigator.vendor ?? '', maxTouchPoints: navigator.maxTouchPoints ?? 0, standalone }
}
