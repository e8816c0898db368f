import { useMutation, useQueryClient } from '@tanstack/react-query'
import { saveReminder, sendTestNotification } from './api'
import { disablePush, enablePush, type PushResult } from './messaging'
import { pushKeys } from './queries'

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

/** Turns this device's notifications on (asking the browser's permission) or off; a refusal is the result, not an error. */
export function useTogglePush(userId: number) {
  return useMutation({
    mutationFn: async (on: boolean): Promise<PushResult> => {
      if (on) return enablePush(userId)
      await disablePush()
      return { ok: true }
    },
  })
}
