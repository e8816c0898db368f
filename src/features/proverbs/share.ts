import type { Proverb } from '@/core/proverbs/contract'

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** The public address of a proverb: the search route's proverb view, reachable by visitors. */
export function proverbPath(proverb: Pick<Proverb, 'slug'>): string {
  return `/search_result?proverb=${encodeURIComponent(proverb.slug)}`
}

/** The system share sheet where there is one, otherwise the link copied to the clipboard. */
export async function shareProverb(proverb: Proverb, origin = location.origin): Promise<ShareOutcome> {
  const url = `${origin}${proverbPath(proverb)}`
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
