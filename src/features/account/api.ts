import { API } from '@/core/http/api-paths'
import type { Address, PersonalInfo, UserLanguages } from '@/core/account/contract'
import type { Notice } from '@/core/http/contract'
import { FCM_TOKEN_KEY } from '@/core/notifications/push-token-keys'
import type { AddressInput, ChangePasswordInput, PersonalInfoInput } from '@/core/account/validation'
import { apiGet, apiGetBlob, apiSend, apiUpload } from '@/lib/api-client'

const auth = { auth: true } as const

export const fetchPersonalInfo = (signal?: AbortSignal) => apiGet<PersonalInfo>(API.personalInfo, { ...auth, signal })
export const savePersonalInfo = (input: PersonalInfoInput) => apiSend<PersonalInfo>('POST', API.personalInfo, input, auth)
export const fetchAddress = (signal?: AbortSignal) => apiGet<Address | null>(API.address, { ...auth, signal })
export const saveAddress = (input: AddressInput) => apiSend<Address>('POST', API.address, input, auth)
export const fetchPicture = (signal?: AbortSignal) => apiGetBlob(API.picture, { ...auth, signal })
export const uploadPicture = (file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData()
  form.append('picture', file)
  return apiUpload<{ mimeType: string; size: number }>(API.picture, form, onProgress)
}
export const changePassword = (input: ChangePasswordInput) => apiSend<Notice>('POST', API.passwordUpdate, input, auth)
export const fetchUserLanguages = (signal?: AbortSignal) => apiGet<UserLanguages>(API.userLanguages, { ...auth, signal })
export const updateUserLanguages = (languages: number[]) => apiSend<UserLanguages>('POST', API.userLanguagesUpdate, { languages }, auth)
/**
 * Names this device's push token, if any, so the account's pushes stop reaching it (fcm_token,
 * docs/requirements.md#r7-notifications-and-push).
 */
export const logout = () => {
  const deviceToken = localStorage.getItem(FCM_TOKEN_KEY)
  return apiSend<Notice>('POST', API.logout, deviceToken ? { device_token: deviceToken } : undefined, auth)
}
