import type { UseQueryResult } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Paginated } from '@/core/http/contract'
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

/** What a list section shows: the short lists come whole (an array), the long ones a page at a time. */
export type ListQuery<T> = UseQueryResult<Paginated<T>> | UseQueryResult<T[]>

/** A list, and the words for it: `noun` for the loading and error texts and the pagination's count ("suggestions"). */
export type ListSpec<T> = { query: ListQuery<T>; noun: string; empty: string }

/** Loading, error, empty, or the rows (and, for a paged list, its pages, which live in the address). */
export function ListResult<T>({ list: { query, noun, empty }, children }: { list: ListSpec<T>; children: (rows: T[]) => ReactNode }) {
  const { set } = useListParams()
  const onPage = (page: number) => set({ page })
  const data = query.data
  if (!data) {
    if (query.isError) return <ErrorState title={`Could not load the ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
    return <Loading label={`Loading the ${noun}`} />
  }
  const { rows, paging } = Array.isArray(data) ? { rows: data, paging: null } : { rows: data.data, paging: data }
  if (rows.length === 0) {
    const later = paging !== null && paging.page > 1
    return (
      <EmptyState title={later ? 'Nothing on this page' : empty}>
        {later && (
          <button type="button" className="button" onClick={() => onPage(1)}>
            Go to the first page
          </button>
        )}
      </EmptyState>
    )
  }
  return (
    <>
      {children(rows)}
      {paging && (
        <Pagination page={paging.page} totalPages={paging.totalPages} totalElements={paging.totalElements} noun={noun} onPage={onPage} />
      )}
    </>
  )
}

/** One column of a console table. The column that names each row (the first, unless another says so) is its row header. */
export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string; rowHeader?: boolean }

type Key = string | number

/** How a table tells its rows apart: by their id, unless they have none. */
export type RowKey<T> = T extends { id: Key } ? { rowKey?: (row: T) => Key } : { rowKey: (row: T) => Key }

const byId = (row: unknown) => (row as { id: Key }).id

/**
 * The console's tables: a caption, column headers, and each row named by its row header. On a phone the
 * table scrolls sideways in its own frame (focusable, so a keyboard scrolls it too) with the first column
 * kept in view; the page itself never does.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey = byId,
}: {
  caption: ReactNode
  columns: Column<T>[]
  rows: T[]
  rowKey?: (row: T) => Key
}) {
  const headerAt = Math.max(
    0,
    columns.findIndex((column) => column.rowHeader),
  )
  const captionId = useId()
  return (
    <div className="admin-table-wrap" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map(({ header, cell, className }, index) =>
                index === headerAt ? (
                  <th key={header} scope="row" className={className}>
                    {cell(row)}
                  </th>
                ) : (
                  <td key={header} className={className}>
                    {cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** "12 May 2026, 14:05" in the admin's time zone. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}
