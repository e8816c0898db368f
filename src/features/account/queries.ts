import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { keepPicture, readKeptPicture } from '@/lib/device-keeping'
import { useObjectUrl } from '@/lib/object-url'
import { privateKey, privateKeys } from '@/lib/query-keys'
import { fetchAddress, fetchPersonalInfo, fetchPicture, fetchUserLanguages } from './api'

/**
 * Everything private sits under `privateKeys.user(userId)`: keyed by user, removed at sign-out. What the
 * forms edit always comes fresh, so a form never starts from an old copy. The full profile's key is shared
 * (the contact form reads it), so it sits in `@/lib/query-keys`.
 */
export const accountKeys = {
  personalInfo: (userId: number) => privateKey(userId, 'personal-info'),
  address: (userId: number) => privateKey(userId, 'address'),
  full: privateKeys.fullProfile,
  picture: (userId: number) => privateKey(userId, 'picture'),
  languages: (userId: number) => privateKey(userId, 'languages'),
}

export const personalInfoQuery = (userId: number) =>
  queryOptions({ queryKey: accountKeys.personalInfo(userId), queryFn: ({ signal }) => fetchPersonalInfo(signal) })

export const addressQuery = (userId: number) =>
  queryOptions({ queryKey: accountKeys.address(userId), queryFn: ({ signal }) => fetchAddress(signal) })

/**
 * The picture from the server, kept on the device as it comes; offline (or with the server down) the kept
 * copy answers, so the header shows the reader's face rather than an empty circle.
 */
async function pictureWithDeviceCopy(userId: number, signal: AbortSignal): Promise<Blob | null> {
  try {
    const picture = await fetchPicture(signal)
    keepPicture(userId, picture).catch((error: unknown) => console.warn('Could not keep the profile picture on this device', error))
    return picture
  } catch (error) {
    if (!(error instanceof ApiError) || !(error.offline || error.status >= 500)) throw error
    const kept = await readKeptPicture(userId).catch(() => undefined)
    if (kept === undefined) throw error
    return kept
  }
}

export const pictureQuery = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.picture(userId),
    queryFn: ({ signal }) => pictureWithDeviceCopy(userId, signal),
    staleTime: 5 * 60_000,
  })

export const userLanguagesQuery = (userId: number) =>
  queryOptions({ queryKey: accountKeys.languages(userId), queryFn: ({ signal }) => fetchUserLanguages(signal) })

/** The profile picture as an object URL (revoked when it changes), or null when there is none. */
export function usePictureUrl(userId: number | undefined): string | null {
  const picture = useQuery({ ...pictureQuery(userId ?? 0), enabled: userId !== undefined })
  return useObjectUrl(picture.data)
}
