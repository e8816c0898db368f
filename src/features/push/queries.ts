import { queryOptions } from '@tanstack/react-query'
import { privateKey, privateKeys } from '@/lib/query-keys'
import { fetchReminder } from './api'
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
