import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Paginated } from '@/core/contract'
import { Pagination } from '@/components/pagination'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'

export const ADMIN_PAGE_SIZE = 20

/**
 * A list's page and filters live in the address (?page=2&status=approved), so the back button and a
 * shared link land on the same list. Changing a filter goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const set = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params)
    if (!('page' in changes)) next.delete('page')
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key)
      else next.set(key, String(value))
    }
    setParams(next)
  }
  return { params, page, set }
}

/** Loading, error, empty, or the rows and the pages of a paged list. */
export function PagedResult<T>({ query, noun, empty, onPage, children }: {
  query: UseQueryResult<Paginated<T>>
  /** For the pagination's screen-reader count: "suggestions". */
  noun: string
  empty: string
  onPage: (page: number) => void
  children: (rows: T[]) => ReactNode
}) {
  if (query.data) {
    const { data, page, totalPages, totalElements } = query.data
    if (data.length === 0) {
      return (
        <EmptyState title={page > 1 ? 'Nothing on this page' : empty}>
          {page > 1 && (
            <button type="button" className="button" onClick={() => onPage(1)}>
              Go to the first page
            </button>
          )}
        </EmptyState>
      )
    }
    return (
      <>
        {children(data)}
        <Pagination page={page} totalPages={totalPages} totalElements={totalElements} noun={noun} onPage={onPage} />
      </>
    )
  }
  return <ListState query={query} noun={noun} />
}

/** Loading or error for any list (paged or not). */
export function ListState({ query, noun }: { query: UseQueryResult<unknown>; noun: string }) {
  if (query.isError) return <ErrorState title={`Could not load the ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
  return <Loading label={`Loading the ${noun}`} />
}

/** "12 May 2026, 14:05" in the operator's time zone. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}
