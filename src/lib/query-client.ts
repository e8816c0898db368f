import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** Cache policy for server state, in one place. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 24 * 60 * 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network failures and 5xx get two more tries.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  })
}
