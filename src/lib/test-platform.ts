import type { PlatformFacts } from '@/core/shared/platform'
import { ANDROID_CHROME } from '@/core/shared/platform-fixtures'

/**
 * A stand-in for ./platform.ts in tests (`vi.mock('@/lib/platform', () => import('@/lib/test-platform'))`): jsdom says
 * it is an Apple browser, so a test names the browser it means. Android's Chrome unless set.
 */
let facts: PlatformFacts = ANDROID_CHROME

export const setTestPlatform = (next: PlatformFacts) => {
  facts = next
}

export const platformFacts = (): PlatformFacts => facts
