import { API } from '@/core/http/api-paths'
import type { FullProfile } from '@/core/account/contract'
import { apiGet } from '@/lib/api-client'

export const fetchFullProfile = (signal?: AbortSignal) => apiGet<FullProfile>(API.profileFull, { auth: true, signal })
