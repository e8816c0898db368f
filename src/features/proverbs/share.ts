import type { Proverb } from '@/core/proverbs/contract'
import { proverbPagePath } from '@/core/proverbs/pages'

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** The system share sheet where there is one, otherwise the link copied to the clipboard. */
export async function shareProverb(proverb: Proverb, origin = location.origin): Promise<ShareOutcome> {
  const url = `${origin}${proverbPagePath(proverb.slug)}`
  const text = `${proverb.proverb} — “${proverb.transliteration}” (${proverb.ethnic.name} proverb)`
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'A proverb from Òwe', text, url })
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
