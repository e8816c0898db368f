import { useMutation, useQueryClient } from '@tanstack/react-query'
import { saveAdToggle } from './api'
import { adKeys } from './queries'

/** Saves the ad toggle; the cached value follows the server's answer. */
export function useSaveAdToggle(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveAdToggle,
    onSuccess: ({ toggle }) => client.setQueryData(adKeys.toggle(userId), toggle),
  })
}
