import { API } from '@/core/api-paths'
import type { Plan } from '@/core/contract'
import { apiGet } from '@/lib/api-client'

export const fetchPlans = (signal?: AbortSignal) => apiGet<Plan[]>(API.packages, { signal })
