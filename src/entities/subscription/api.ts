import { API } from '@/core/http/api-paths'
import type { ActivePackage } from '@/core/payments/contract'
import { ApiError, apiGet } from '@/lib/api-client'

/** A package, or null for the server's 404 ("none"). */
export async function packageOrNone(path: string, signal?: AbortSignal): Promise<ActivePackage | null> {
  try {
    return await apiGet<ActivePackage>(path, { signal, auth: true })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const fetchActivePackage = (signal?: AbortSignal) => packageOrNone(API.activePackage, signal)
