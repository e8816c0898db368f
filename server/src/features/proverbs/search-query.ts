import { API } from '@core/http/api-paths'
import { PAGE_SIZE_DEFAULT } from '@core/shared/constants'
import { optionalString, paging } from '../../http/params'
import { searchOf } from '../../services/proverbs'

type Query = Record<string, unknown>

/**
 * What a public search asks (`q`, `ethnic`, `category`, `page`, `size`), read once, and the key its answer is reused
 * under: the words folded as search folds them (case, tone marks, punctuation and spacing do not matter) with the
 * words typed with marks beside them (they change the order), the filters in a fixed order, defaults and unknown
 * parameters left out. So "Òwe", " owe " and "owe&page=1&size=20" share one answer, and made-up parameters cannot
 * make a search miss the reuse.
 */
export function publicSearchQuery(query: Query) {
  const { page, size } = paging(query)
  const search = searchOf(optionalString(query, 'q') ?? '')
  const ethnic = optionalString(query, 'ethnic')
  const category = optionalString(query, 'category')?.toLowerCase()
  const parts: [string, string | number | undefined][] = [
    ['q', search.terms.join(' ') || undefined],
    ['marked', search.markedTerms?.join(' ') || undefined],
    ['ethnic', ethnic],
    ['category', category],
    ['page', page === 1 ? undefined : page],
    ['size', size === PAGE_SIZE_DEFAULT ? undefined : size],
  ]
  const key = `${API.proverbsPublic}?${parts
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&')}`
  return { page, size, search, ethnic, category, key }
}
