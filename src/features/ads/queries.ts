import { queryOptions } from '@tanstack/react-query'
import { ADS_MIN_INTERVAL_MS } from '@/core/shared/constants'
import { privateKey } from '@/lib/query-keys'
import { fetchAdToggle, fetchAdvert, fetchAdverts } from './api'

/** A failed ad toggle fetch logs an error message (docs/requirements.md#r8-adverts): logged only, nothing on screen. */
export const AD_TOGGLE_FETCH_FAILED = 'Failed to fetch the ad toggle.'

/** Private: under `privateKeys.user(userId)`, dropped at sign-out. */
export const adKeys = {
  all: (userId: number) => privateKey(userId, 'ads'),
  list: (userId: number) => [...adKeys.all(userId), 'list'] as const,
  content: (userId: number, id: number) => [...adKeys.all(userId), 'content', id] as const,
  toggle: (userId: number) => [...adKeys.all(userId), 'toggle'] as const,
}

/**
 * Adverts need the server: offline they wait instead of failing (networkMode 'online'), and nothing is
 * kept on the device (no persist), so neither an advert nor the toggle is acted on from a stale copy.
 */
const serverOnly = { networkMode: 'online' } as const

export const advertListQuery = (userId: number) =>
  queryOptions({
    queryKey: adKeys.list(userId),
    queryFn: ({ signal }) => fetchAdverts(signal),
    ...serverOnly,
    // At most one showing per interval: the list need not be asked for more often.
    staleTime: ADS_MIN_INTERVAL_MS,
  })

/** One advert's content (base64, up to a few hundred KB): let go soon after the overlay closes. */
export const advertContentQuery = (userId: number, id: number) =>
  queryOptions({
    queryKey: adKeys.content(userId, id),
    queryFn: ({ signal }) => fetchAdvert(id, signal),
    ...serverOnly,
    staleTime: Infinity,
    gcTime: 60_000,
  })

/**
 * The ad toggle (docs/requirements.md#r8-adverts). A failure is logged once (no retries, so one failure is one line)
 * and means "no adverts": the subscriber is not shown one on a guess.
 */
export const adToggleQuery = (userId: number) =>
  queryOptions({
    queryKey: adKeys.toggle(userId),
    queryFn: async ({ signal }) => {
      try {
        return (await fetchAdToggle(signal)).toggle
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(AD_TOGGLE_FETCH_FAILED, error)
        throw error
      }
    },
    ...serverOnly,
    retry: false,
  })
