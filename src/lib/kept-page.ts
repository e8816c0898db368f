import type { QueryClient } from '@tanstack/react-query'
import { renderedPage } from './server-render'
import { markSavedCopy } from './saved-copies'

/**
 * A page the worker answered with its kept copy (docs/decisions/022-device-first.md), once the app has taken it over:
 * its data is read again. The server's answers replace it; offline or with the server hanging, the worker answers the
 * corpus from the device (and the bar says what is shown). A read that fails keeps the kept data, marked as saved when
 * the page was kept, rather than showing an error in its place.
 */
export function refreshKeptPage(client: QueryClient): void {
  const page = renderedPage()
  if (!page?.keptAt) return
  const keptAt = page.keptAt
  const kept = new Map(page.state.queries.map((query) => [query.queryHash, client.getQueryCache().get(query.queryHash)?.state.data]))
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || !kept.has(event.query.queryHash)) return
    const data = kept.get(event.query.queryHash)
    // Only while the kept data is still what the page shows: a newer answer is never replaced by it.
    if (data === undefined || event.query.state.data !== data) return
    markSavedCopy(data, keptAt)
    client.setQueryData(event.query.queryKey, data)
  })
  void client.invalidateQueries({ predicate: (query) => kept.has(query.queryHash) })
}
