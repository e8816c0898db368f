import { API } from '@/core/http/api-paths'
import type { AdToggle, AdvertContent, AdvertFile } from '@/core/adverts/contract'
import { apiGet, apiSend } from '@/lib/api-client'

const auth = { auth: true } as const

export const fetchAdverts = (signal?: AbortSignal) => apiGet<AdvertFile[]>(API.adverts, { ...auth, signal })

export const fetchAdvert = (id: number, signal?: AbortSignal) => apiGet<AdvertContent>(API.advert(id), { ...auth, signal })

export const fetchAdToggle = (signal?: AbortSignal) => apiGet<AdToggle>(API.adToggle, { ...auth, signal })

export const saveAdToggle = (toggle: boolean) => apiSend<AdToggle>('POST', API.adToggle, { toggle }, auth)
