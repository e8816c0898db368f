import { queryOptions } from '@tanstack/react-query'
import { unsubscribe } from './api'

export const communityKeys = {
  unsubscribe: (email: string, token: string) => ['community', 'unsubscribe', email, token] as const,
  /** A form kept on this device to send (src/offline/forms.ts), read again whenever the forms' queue changes. */
  kept: (key: string) => ['community', 'kept', key] as const,
}

/**
 * The unsubscribe link, followed: a query rather than a mutation so that opening the page posts once
 * however often it renders (the server answers the same to a repeat). Never persisted, never refetched.
 */
export const unsubscribeQuery = (email: string, token: string) =>
  queryOptions({
    queryKey: communityKeys.unsubscribe(email, token),
    queryFn: () => unsubscribe(email, token),
    staleTime: Infinity,
    refetchOnReconnect: false,
    enabled: Boolean(email && token),
  })
