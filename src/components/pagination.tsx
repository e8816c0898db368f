import './pagination.css'
import { formatThousands } from '@/core/shared/format'

type Props = {
  page: number
  totalPages: number
  totalElements: number
  onPage: (page: number) => void
  /** What is counted, for screen readers: "proverbs" unless said. */
  noun?: string
}

export function Pagination({ page, totalPages, totalElements, onPage, noun = 'proverbs' }: Props) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages of results">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">←</span> Previous
      </button>
      <span aria-live="polite">
        Page {formatThousands(page)} of {formatThousands(totalPages)}
        <span className="visually-hidden">
          , {formatThousands(totalElements)} {noun}
        </span>
      </span>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  )
}
