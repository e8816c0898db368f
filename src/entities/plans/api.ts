import { API } from '@/core/http/api-paths'
import type { Plan } from '@/core/payments/contract'
import { apiGet } from '@/lib/api-client'

export const fetchPlans = (signal?: AbortSignal) => apiGet<Plan[]>(API.packages, { signal })
