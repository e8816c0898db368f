import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { privateKey, privateKeys } from '@/lib/query-keys'
import { fetchReminder, saveReminder, sendTestNotification } from './api'
import { readDiagnostics } from './diagnostics'

export const pushKeys = {
  reminder: (userId: number) => privateKey(userId, 'reminder'),
  /** The notifications feature's queries (list, unread count) sit under this prefix. */
  notifications: privateKeys.notifications,
  diagnostics: ['diagnostics'] as const,
}

export const reminderQuery = (userId: number) =>
  queryOptions({ queryKey: pushKeys.reminder(userId), queryFn: ({ signal }) => fetchReminder(signal) })

/** The browser's own state, read afresh on every visit: no network involved. */
export const diagnosticsQuery = () =>
  queryOptions({ queryKey: pushKeys.diagnostics, queryFn: readDiagnostics, networkMode: 'always', staleTime: 0, gcTime: 0, retry: false })

/** Saves the daily reminder; the cached one becomes what the server kept. */
export function useSaveReminder(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveReminder,
    onSuccess: (next) => client.setQueryData(pushKeys.reminder(userId), next),
  })
}

/** Asks the server for a test notification; the notifications are asked again, so it shows at once. */
export function useSendTestNotification(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => client.invalidateQueries({ queryKey: pushKeys.notifications(userId) }),
  })
}
