import { API } from '@/core/api-paths'
import type { FullProfile } from '@/core/contract'
import { apiGet } from '@/lib/api-client'

export const fetchFullProfile = (signal?: AbortSignal) => apiGet<FullProfile>(API.profileFull, { auth: true, signal })
