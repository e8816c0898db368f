import './faq-list.css'
import { useQuery, queryOptions } from '@tanstack/react-query'
import { ErrorState, Loading } from '@/components/query-state'
import { API } from '@/core/http/api-paths'
import type { Faq } from '@/core/community/contract'
import { apiGet } from '@/lib/api-client'

export const pageKeys = {
  faq: ['pages', 'faq'] as const,
}

export const faqQuery = () =>
  queryOptions({
    queryKey: pageKeys.faq,
    queryFn: ({ signal }) => apiGet<Faq[]>(API.faq, { signal }),
    staleTime: 60 * 60_000,
  })

/** Questions and answers as native disclosure widgets: keyboard and screen-reader friendly as they are. */
export function FaqList() {
  const faq = useQuery(faqQuery())
  return (
    <section aria-labelledby="faq-title" className="faq">
      <h2 id="faq-title">Questions people ask</h2>
      {faq.isPending ? (
        <Loading label="Loading questions" />
      ) : faq.isError ? (
        <ErrorState error={faq.error} onRetry={() => void faq.refetch()} />
      ) : (
        faq.data.map((item) => (
          <details key={item.id}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))
      )}
    </section>
  )
}
