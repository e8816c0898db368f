import { useMutation, useQueryClient } from '@tanstack/react-query'
import { privateKeys } from '@/lib/query-keys'
import { updateUserLanguages, uploadPicture } from './api'
import { accountKeys } from './queries'

/** Uploads a new profile picture (`onProgress`: the fraction sent); the picture and the full profile are asked again. */
export function useUploadPicture(userId: number, onProgress: (fraction: number) => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (picture: File) => uploadPicture(picture, onProgress),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountKeys.picture(userId) })
      void client.invalidateQueries({ queryKey: accountKeys.full(userId) })
    },
  })
}

/** Saves the languages chosen; what follows from them (the plan's reach, the packs) is asked again. */
export function useSaveLanguages(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateUserLanguages,
    onSuccess: (saved) => {
      client.setQueryData(accountKeys.languages(userId), saved)
      void client.invalidateQueries({ queryKey: privateKeys.user(userId) })
    },
  })
}
